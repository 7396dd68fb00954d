import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
// @ts-expect-error s3rver ships no types; it is a loopback S3 server for tests.
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageStorage, setImageStorage } from ".";
import { s3ImageStorage } from "./s3";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 250, 0, 99]);

let server: { close(): Promise<void> };
let endpoint: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
  const address = (await (server as unknown as { run(): Promise<AddressInfo> }).run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const config = () => ({
  endpoint,
  bucket: "coach-uploads",
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  forcePathStyle: true,
});

describe("images in S3-compatible storage", () => {
  it("stores an image under a fresh name and gives back the same bytes and the stored type", async () => {
    const storage = s3ImageStorage(config());
    const { key, url } = await storage.put(PNG, "png");
    expect(url).toBe(`/uploads/${key}`);
    expect(key).toMatch(/^[a-f0-9]{32}\.png$/);
    const image = await storage.get(key);
    expect(image?.contentType).toBe("image/png");
    expect(Buffer.from(image!.bytes).equals(Buffer.from(PNG))).toBe(true);
    // A second server with its own client sees the same object.
    expect(Buffer.from((await s3ImageStorage(config()).get(key))!.bytes).equals(Buffer.from(PNG))).toBe(true);
  });

  it("answers null for unknown names and for names it never generates", async () => {
    const storage = s3ImageStorage(config());
    expect(await storage.get(`${"0".repeat(32)}.png`)).toBeNull();
    expect(await storage.get("../secret.png")).toBeNull();
    expect(await storage.get("notes.txt")).toBeNull();
  });

  it("is the process's storage when S3_BUCKET is set", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: "from-settings",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    });
    try {
      setImageStorage(undefined);
      const { key } = await imageStorage().put(PNG, "png");
      expect(Buffer.from((await s3ImageStorage({ ...config(), bucket: "from-settings" }).get(key))!.bytes).equals(Buffer.from(PNG))).toBe(
        true,
      );
    } finally {
      process.env = saved;
      setImageStorage(undefined);
    }
  });
});
