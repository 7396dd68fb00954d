import { randomBytes } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@coach/db";
import { IMAGE_CONTENT_TYPES, isValidImageKey, type ImageExtension, type ImageStorage } from "./images";

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
