import { randomBytes } from "node:crypto";
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "@coach/config";
import { IMAGE_CONTENT_TYPES, isValidImageKey, type ImageExtension, type ImageStorage } from "./images";

/** Objects live under this prefix, so the bucket may hold other things (backups, exports). */
const PREFIX = "uploads/";

/**
 * Uploaded images in S3-compatible object storage (AWS S3, MinIO, R2...), for several servers that
 * must all serve every image. Same names and URLs as the local folder (/uploads/<name>, served by
 * the web app's route), same refusal of names we did not generate. The bucket is created on the
 * first upload when it does not exist yet (a fresh MinIO).
 */
export function s3ImageStorage(config: S3Settings, client?: S3Client): ImageStorage {
  const s3 =
    client ??
    new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= (async () => {
      try {
        await s3.send(new HeadBucketCommand({ Bucket: config.bucket }));
      } catch (error) {
        if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 404) throw error;
        await s3.send(new CreateBucketCommand({ Bucket: config.bucket }));
      }
    })().catch((error: unknown) => {
      bucketReady = undefined; // try again at the next upload
      throw error;
    }));

  return {
    async put(bytes, extension) {
      await ensureBucket();
      const key = `${randomBytes(16).toString("hex")}.${extension}`;
      await s3.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: PREFIX + key,
          Body: bytes,
          ContentType: IMAGE_CONTENT_TYPES[extension],
          // Never overwrite: a name is used once (the local folder's `wx`).
          IfNoneMatch: "*",
        }),
      );
      return { key, url: `/uploads/${key}` };
    },
    async get(key) {
      if (!isValidImageKey(key)) return null;
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: PREFIX + key }));
        if (!object.Body) return null;
        const bytes = await object.Body.transformToByteArray();
        // The type comes from the name we gave it, never from what the store says.
        return { bytes, contentType: IMAGE_CONTENT_TYPES[key.split(".").pop() as ImageExtension] };
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
  };
}
