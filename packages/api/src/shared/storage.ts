import { randomBytes } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { settings } from "@coach/config";
import { dataDir } from "@coach/db";
import { s3ImageStorage } from "./storage-s3";

/**
 * Where uploaded images live. Features only see this interface, so an object store (S3, R2, GCS)
 * can replace the local folder without touching them.
 */
export interface ImageStorage {
  /** Stores the bytes under a fresh, unguessable name and returns the public path (/uploads/<name>). */
  put(bytes: Uint8Array, extension: ImageExtension): Promise<{ key: string; url: string }>;
  /** The bytes of a stored image, or null when the key is unknown or not a valid name. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
}

export const IMAGE_CONTENT_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
} as const;
export type ImageExtension = keyof typeof IMAGE_CONTENT_TYPES;

/** Names we generate: 32 hex characters and a known extension. Anything else is refused. */
const KEY_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

export function isValidImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Checks the file's first bytes rather than trusting its name or declared type, and answers the
 * extension to store it under (null: not an image we accept). SVG is refused: it can carry script.
 */
export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  const b = bytes;
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return "webp";
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return "gif";
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.slice(from, to));
}

/** The default: files in DATA_DIR/uploads, served by the web app's /uploads/[...path] route. */
export function localImageStorage(dir?: string): ImageStorage {
  const root = () => dir ?? path.join(/*turbopackIgnore: true*/ dataDir(), "uploads");
  return {
    async put(bytes, extension) {
      const folder = root();
      await mkdir(folder, { recursive: true });
      const key = `${randomBytes(16).toString("hex")}.${extension}`;
      await writeFile(path.join(/*turbopackIgnore: true*/ folder, key), bytes, { flag: "wx" });
      return { key, url: `/uploads/${key}` };
    },
    async get(key) {
      if (!isValidImageKey(key)) return null;
      const folder = root();
      const file = path.join(/*turbopackIgnore: true*/ folder, key);
      // Belt and braces: the pattern already excludes separators and dots.
      if (path.dirname(file) !== path.resolve(folder)) return null;
      try {
        if (!(await stat(file)).isFile()) return null;
        const bytes = new Uint8Array(await readFile(file));
        const ext = key.split(".").pop() as ImageExtension;
        return { bytes, contentType: IMAGE_CONTENT_TYPES[ext] };
      } catch {
        return null;
      }
    },
  };
}

let current: ImageStorage | undefined;
/** The process's storage: S3-compatible when S3_BUCKET is set, else the local folder (or what setImageStorage gave). */
export function imageStorage(): ImageStorage {
  if (current) return current;
  const s3 = settings().s3;
  return (current = s3 ? s3ImageStorage(s3) : localImageStorage());
}

/** Where images live, in words (for `pnpm db:backup` and operators). */
export function imageStorageLocation(): string {
  const s3 = settings().s3;
  if (s3) return `S3 bucket "${s3.bucket}" (prefix uploads/) at ${s3.endpoint ?? `AWS ${s3.region}`}`;
  return path.join(/*turbopackIgnore: true*/ dataDir(), "uploads");
}
export function setImageStorage(storage: ImageStorage | undefined): void {
  current = storage;
}
