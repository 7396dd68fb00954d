// @ts-check
/**
 * Next.js's cache for prerendered pages and `unstable_cache` reads, and the record of expired tags.
 *
 * - REDIS_URL unset: kept in this process's memory. Next's default (files next to the build) would
 *   serve what `next build` prerendered without a database, and, after a restart, pages rendered
 *   from another database. Here every process starts empty and renders a page on its first request.
 * - REDIS_URL set: entries and tag expiries live in Redis, so every server serves the same pages and
 *   one `revalidateTag` (server/revalidate.ts) reaches all of them at their next request.
 *   Entries are keyed by the build's id, so two releases side by side never serve each other's pages.
 * - Redis unreachable (or slow): this process falls back to its memory, says so once, and goes back
 *   to Redis when it answers again, replaying the tags it expired meanwhile; pages never fail for it.
 *   Nothing connects at import (`next build` imports this) and the build itself never uses Redis.
 * See docs/decisions/0010-csp-and-caching.md and 0011-several-instances.md.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "redis";

const MAX_BYTES = Number(process.env.PAGE_CACHE_MAX_BYTES ?? 64 * 1024 * 1024);
const TAGS_HEADER = "x-next-cache-tags";
/**
 * Longest wait for Redis before a request is served from memory instead. Generous: on a busy
 * server the event loop itself can be late by hundreds of milliseconds.
 */
const REDIS_TIMEOUT_MS = Number(process.env.REDIS_TIMEOUT_MS ?? 2_000);
/** Entries without a lifetime of their own leave Redis after this (they are rebuilt on demand). */
const DEFAULT_TTL_SECONDS = 7 * 24 * 3600;
const TAGS_KEY = "coach:next:tags";

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

function tagsOf(value, ctx) {
  const header = value?.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...new Set([...fromHeader, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
}

/** Tag expiries as Next's two kinds of `revalidateTag` mean them: expire now, or mark stale. */
function tagTimes(durations, now) {
  if (durations && durations.expire !== 0) {
    return { stale: now, expired: durations.expire === undefined ? undefined : now + durations.expire * 1000 };
  }
  return { stale: undefined, expired: now };
}

/**
 * What `get` answers for an entry written at `lastModified` whose tags were expired/marked at the
 * given times: null (gone), or the entry, with lastModified -1 when stale (Next.js serves it and
 * regenerates in the background).
 */
function judge(entry, expiredTimes, staleTimes) {
  const now = Date.now();
  if (expiredTimes.some((at) => at !== undefined && at >= entry.lastModified && at <= now)) return null;
  const stale = staleTimes.some((at) => at !== undefined && at >= entry.lastModified);
  return { value: entry.value, lastModified: stale ? -1 : entry.lastModified, cacheControl: entry.cacheControl };
}

/** The process-local store: bounded, least recently used out first. */
class MemoryStore {
  /** @type {Map<string, { value: any; lastModified: number; tags: string[]; size: number; cacheControl: any }>} */
  entries = new Map();
  /** tag -> ms */
  expiredAt = new Map();
  staleAt = new Map();
  totalBytes = 0;

  remove(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.size;
    this.entries.delete(key);
  }

  get(key, ctx) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const tags = [...entry.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
    const answer = judge(
      entry,
      tags.map((tag) => this.expiredAt.get(tag)),
      tags.map((tag) => this.staleAt.get(tag)),
    );
    if (!answer) {
      this.remove(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return answer;
  }

  set(key, data, ctx) {
    this.remove(key);
    if (!data) return;
    const size = sizeOf(data);
    if (size > MAX_BYTES / 4) return;
    this.entries.set(key, { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx), size, cacheControl: ctx?.cacheControl });
    this.totalBytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.totalBytes <= MAX_BYTES) break;
      this.remove(oldest);
    }
  }

  revalidateTag(tags, durations, now = Date.now()) {
    const { stale, expired } = tagTimes(durations, now);
    for (const tag of tags) {
      if (stale !== undefined) this.staleAt.set(tag, stale);
      if (expired !== undefined) this.expiredAt.set(tag, expired);
    }
  }

  clearEntries() {
    this.entries.clear();
    this.totalBytes = 0;
  }
}

/** JSON that keeps Buffers and Maps (page payloads, per-segment data). */
function serialize(value) {
  return JSON.stringify(value, function (key, v) {
    const original = this[key];
    if (Buffer.isBuffer(original)) return { __b: original.toString("base64") };
    if (original instanceof Uint8Array) return { __b: Buffer.from(original).toString("base64") };
    if (original instanceof Map) return { __m: [...original.entries()] };
    return v;
  });
}
function deserialize(text) {
  return JSON.parse(text, (_key, v) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      if (typeof v.__b === "string" && Object.keys(v).length === 1) return Buffer.from(v.__b, "base64");
      if (Array.isArray(v.__m) && Object.keys(v).length === 1) return new Map(v.__m);
    }
    return v;
  });
}

function withTimeout(promise) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One Redis connection per process, opened at the first cache call, reconnecting by itself. */
class SharedStore {
  /** @param {string} url @param {string} prefix @param {MemoryStore} memory */
  constructor(url, prefix, memory) {
    this.url = url;
    this.prefix = prefix;
    this.memory = memory;
    /** @type {ReturnType<typeof createClient> | undefined} */
    this.client = undefined;
    this.down = false;
    this.probing = false;
    /** Tags expired while Redis was away: written to it when it returns. */
    /** @type {{ tags: string[]; durations: any; at: number }[]} */
    this.missed = [];
  }

  /** The client when Redis is usable now, else undefined (and a connection attempt under way). */
  ready() {
    if (!this.client) {
      this.client = createClient({
        url: this.url,
        disableOfflineQueue: true,
        socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
      });
      this.client.on("error", (error) => this.failed(error));
      this.client.on("ready", () => void this.recovered());
      this.client.connect().catch((error) => this.failed(error));
    }
    return this.client.isReady && !this.down ? this.client : undefined;
  }

  failed(error) {
    if (!this.down) {
      this.down = true;
      console.error(
        `Shared page cache unavailable (${error?.message ?? error}); serving from this process's memory until Redis answers again`,
      );
    }
    // A closed connection comes back by itself (`ready`); a Redis that stopped answering on an open
    // one does not say so: ask it now and then.
    this.probe();
  }

  probe() {
    if (this.probing) return;
    this.probing = true;
    const attempt = async () => {
      if (!this.down) {
        this.probing = false;
        return;
      }
      try {
        if (this.client?.isReady) {
          await withTimeout(this.client.ping());
          this.probing = false;
          await this.recovered();
          return;
        }
      } catch {
        // still away
      }
      setTimeout(attempt, 1_000).unref();
    };
    setTimeout(attempt, 1_000).unref();
  }

  async recovered() {
    const missed = this.missed.splice(0);
    try {
      for (const { tags, durations, at } of missed) await this.writeTags(this.client, tags, durations, at);
    } catch (error) {
      this.missed.unshift(...missed);
      this.failed(error);
      return;
    }
    // Entries kept in memory meanwhile may have missed other servers' expiries: drop them.
    this.memory.clearEntries();
    if (this.down) console.warn("Shared page cache available again (Redis)");
    this.down = false;
  }

  async get(key, ctx) {
    const client = this.ready();
    if (!client) return this.memory.get(key, ctx);
    try {
      const text = await withTimeout(client.get(this.prefix + key));
      if (!text) return null;
      const entry = deserialize(text);
      const tags = [...new Set([...entry.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
      if (tags.length === 0) return judge(entry, [], []);
      const times = await withTimeout(
        client.hmGet(
          TAGS_KEY,
          tags.flatMap((tag) => [`e:${tag}`, `s:${tag}`]),
        ),
      );
      const number = (value) => (value === null || value === undefined ? undefined : Number(value));
      return judge(
        entry,
        tags.map((_, i) => number(times[2 * i])),
        tags.map((_, i) => number(times[2 * i + 1])),
      );
    } catch (error) {
      this.failed(error);
      return this.memory.get(key, ctx);
    }
  }

  async set(key, data, ctx) {
    const client = this.ready();
    if (!client) return this.memory.set(key, data, ctx);
    try {
      if (!data) {
        await withTimeout(client.del(this.prefix + key));
        return;
      }
      const cacheControl = ctx?.cacheControl;
      const expire = Number(cacheControl?.expire);
      const ttl = Number.isFinite(expire) && expire > 0 ? Math.ceil(expire) : DEFAULT_TTL_SECONDS;
      const entry = { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx), cacheControl };
      await withTimeout(client.set(this.prefix + key, serialize(entry), { expiration: { type: "EX", value: ttl } }));
    } catch (error) {
      this.failed(error);
      this.memory.set(key, data, ctx);
    }
  }

  async revalidateTag(tags, durations) {
    const now = Date.now();
    // Memory too: it is what this process serves from while Redis is away.
    this.memory.revalidateTag(tags, durations, now);
    const client = this.ready();
    if (!client) {
      this.missed.push({ tags, durations, at: now });
      return;
    }
    try {
      await withTimeout(this.writeTags(client, tags, durations, now));
    } catch (error) {
      this.missed.push({ tags, durations, at: now });
      this.failed(error);
    }
  }

  async writeTags(client, tags, durations, at) {
    if (!client) throw new Error("Redis is not connected");
    const { stale, expired } = tagTimes(durations, at);
    /** @type {Record<string, string>} */
    const fields = {};
    for (const tag of tags) {
      if (stale !== undefined) fields[`s:${tag}`] = String(stale);
      if (expired !== undefined) fields[`e:${tag}`] = String(expired);
    }
    if (Object.keys(fields).length > 0) await client.hSet(TAGS_KEY, fields);
  }
}

const memory = new MemoryStore();
/** @type {SharedStore | undefined} */
let shared;

function buildId(serverDistDir) {
  try {
    return readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
  } catch {
    return "unknown";
  }
}

export default class CacheHandler {
  /** @param {{ serverDistDir?: string }} [options] */
  constructor(options) {
    const url = process.env.REDIS_URL?.trim();
    // `next build` prerenders into memory only: its pages were made without a database.
    if (url && !shared && process.env.NEXT_PHASE !== "phase-production-build") {
      shared = new SharedStore(url, `coach:next:${options?.serverDistDir ? buildId(options.serverDistDir) : "dev"}:`, memory);
    }
    this.store = url && shared ? shared : memory;
  }

  async get(key, ctx) {
    return this.store.get(key, ctx);
  }

  async set(key, data, ctx) {
    await this.store.set(key, data, ctx);
  }

  /** `updateTag` and `revalidateTag(tag, { expire: 0 })` expire at once; a profile marks stale. */
  async revalidateTag(tags, durations) {
    await this.store.revalidateTag(typeof tags === "string" ? [tags] : tags, durations);
  }

  resetRequestCache() {}
}
