/**
 * The process's image store: S3-compatible when S3_BUCKET is set, else a local folder. images.ts
 * holds what both share, so neither implementation imports this file.
 */
import path from "node:path";
import { settings } from "@coach/config";
import { dataDir } from "@coach/db";
import type { ImageStorage } from "./images";
import { localImageStorage } from "./local";
import { s3ImageStorage } from "./s3";

export * from "./images";
export { localImageStorage } from "./local";

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
