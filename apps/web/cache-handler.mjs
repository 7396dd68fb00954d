// @ts-check
/**
 * Next.js's cache for prerendered pages and `unstable_cache` reads, kept in this process's memory.
 *
 * Why not Next's default (files next to the build): pages that show posts are prerendered by
 * `next build` without a database, and its file cache would serve those copies (and, after a
 * restart, pages rendered from another database) until they expire. Here every process starts
 * empty: a page is rendered on its first request, kept until its revalidate time or a tag it read
 * is expired (server/revalidate.ts), and regenerated. Several instances each keep their own copy;
 * a change is then seen at once by the instance that made it and within a minute by the others
 * (pages showing posts revalidate every 60 s; other pages change only with a deployment).
 */

const MAX_BYTES = Number(process.env.PAGE_CACHE_MAX_BYTES ?? 64 * 1024 * 1024);
const TAGS_HEADER = "x-next-cache-tags";

/** @type {Map<string, { value: any; lastModified: number; tags: string[]; size: number; cacheControl: any }>} */
const entries = new Map();
/** tag -> when it was expired (ms), or marked stale: a later entry is unaffected. */
const expiredAt = new Map();
const staleAt = new Map();
let totalBytes = 0;

function sizeOf(value) {
  if (!value) return 0;
  let size = 0;
  if (typeof value.html === "string") size += value.html.length;
  if (value.rscData) size += value.rscData.length ?? 0;
  if (value.body) size += value.body.length ?? 0;
  if (value.data) size += JSON.stringify(value.data).length;
  if (value.segmentData) for (const segment of value.segmentData.values()) size += segment.length ?? 0;
  return size + 256;
}

function remove(key) {
  const entry = entries.get(key);
  if (!entry) return;
  totalBytes -= entry.size;
  entries.delete(key);
}

function tagsOf(value, ctx) {
  const header = value?.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...new Set([...fromHeader, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
}

export default class MemoryCacheHandler {
  constructor(_options) {}

  async get(key, ctx) {
    const entry = entries.get(key);
    if (!entry) return null;
    const tags = [...entry.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
    if (tags.some((tag) => (expiredAt.get(tag) ?? -1) >= entry.lastModified && (expiredAt.get(tag) ?? 0) <= Date.now())) {
      remove(key);
      return null;
    }
    // Least recently used goes first when memory runs short.
    entries.delete(key);
    entries.set(key, entry);
    const stale = tags.some((tag) => (staleAt.get(tag) ?? -1) >= entry.lastModified);
    // lastModified -1 asks Next.js to serve the entry and regenerate it in the background.
    return { value: entry.value, lastModified: stale ? -1 : entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, data, ctx) {
    remove(key);
    if (!data) return;
    const size = sizeOf(data);
    if (size > MAX_BYTES / 4) return;
    entries.set(key, { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx), size, cacheControl: ctx?.cacheControl });
    totalBytes += size;
    for (const oldest of entries.keys()) {
      if (totalBytes <= MAX_BYTES) break;
      remove(oldest);
    }
  }

  /** `updateTag` and `revalidateTag(tag, { expire: 0 })` expire at once; a profile marks stale. */
  async revalidateTag(tags, durations) {
    const now = Date.now();
    for (const tag of typeof tags === "string" ? [tags] : tags) {
      if (durations && durations.expire !== 0) {
        staleAt.set(tag, now);
        if (durations.expire !== undefined) expiredAt.set(tag, now + durations.expire * 1000);
      } else {
        expiredAt.set(tag, now);
      }
    }
  }

  resetRequestCache() {}
}
