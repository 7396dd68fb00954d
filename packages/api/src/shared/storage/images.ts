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
