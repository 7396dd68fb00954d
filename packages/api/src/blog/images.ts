/** The blog's featured images: checked by content and size, then stored (shared/storage). */
import type { Database } from "@coach/db";
import { IMAGE_MAX_BYTES } from "@coach/validators/blog";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { detectImageType, imageStorage } from "../shared/storage/index";

export const IMAGE_TOO_LARGE = "Images must be at most 5 MB";
export const NOT_AN_IMAGE = "Upload a PNG, JPEG, WebP or GIF image.";

/** Stores a featured image (PNG, JPEG, WebP or GIF, checked by content, at most 5 MB). */
export async function uploadImage(
  db: Database,
  actor: AuditActor,
  input: { fileName?: string; dataBase64: string },
): Promise<{ url: string }> {
  const bytes = new Uint8Array(Buffer.from(input.dataBase64.replace(/^data:[^,]*,/, ""), "base64"));
  if (bytes.byteLength === 0) throw new DomainError("BAD_REQUEST", "Choose an image to upload");
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new DomainError("PAYLOAD_TOO_LARGE", IMAGE_TOO_LARGE);
  const type = detectImageType(bytes);
  if (!type) throw new DomainError("UNSUPPORTED_MEDIA_TYPE", NOT_AN_IMAGE);
  const { key, url } = await imageStorage().put(bytes, type);
  await recordAudit(db, actor, "blog.upload_image", {
    type: "upload",
    id: key,
    details: { fileName: input.fileName ?? null, bytes: bytes.byteLength },
  });
  return { url };
}
