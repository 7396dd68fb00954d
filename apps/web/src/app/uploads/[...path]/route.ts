import { imageStorage, isValidImageKey } from "@coach/api";

export const dynamic = "force-dynamic";

/**
 * Featured images the coach uploaded (DATA_DIR/uploads through the storage interface). Only names
 * the upload generated are served (32 hex characters and an image extension), so no path can
 * leave the folder; the content type comes from the stored type, never from the request.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const key = path.length === 1 ? path[0]! : "";
  if (!isValidImageKey(key)) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const image = await imageStorage().get(key);
  if (!image) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(Buffer.from(image.bytes), {
    headers: {
      "content-type": image.contentType,
      "content-length": String(image.bytes.byteLength),
      // Names are unique per upload and never reused, so the bytes never change.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
