/**
 * In-process caches for public reads that change a few times a year (the assessment catalogue, the
 * blog). A change announced through content-events.ts removes the kind's entries at once, so the
 * next read after a committed change is fresh. Concurrent readers of a missing entry share one load.
 *
 * Bounded: at most MAX_ENTRIES answers per database (least recently used out first; a post body is
 * at most 200 KB). An answer also ends on its own at `until` (a scheduled post's time) and after
 * READ_CACHE_TTL_MS at the latest, for writes the app cannot see (a seed, manual SQL, another server
 * until issue 19 bridges the events). Times are `Date.now()`, the clock the loads are given.
 * Failed loads are not kept.
 */
import { LRUCache } from "lru-cache";
import type { Database } from "@coach/db";
import { onContentChanged, type ContentKind } from "./content-events";

export const READ_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 256;

/** What a load answers: the value, and optionally when it stops being true by itself (ms since epoch). */
export interface Fresh<V> {
  value: V;
  until?: number;
}

type Entry = Promise<{ value: unknown; until: number }>;
type Cache = LRUCache<string, Entry>;

// One cache per database object (the process has one; tests open several side by side).
const caches = new WeakMap<Database, Cache>();
const live = new Set<WeakRef<Cache>>();

function cacheFor(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
    caches.set(db, cache);
    live.add(new WeakRef(cache));
  }
  return cache;
}

/** Drops every cached answer of `kind` (in every database's cache). */
export function invalidateReads(kind: ContentKind): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (!cache) {
      live.delete(ref);
      continue;
    }
    for (const key of [...cache.keys()]) if (key.startsWith(`${kind}:`)) cache.delete(key);
  }
}

onContentChanged((change) => invalidateReads(change.kind));

/**
 * The cached answer for `key` of `kind`, or `load(now)`'s. A load that was under way when a change
 * came is not kept (its entry was removed), so it can never outlive the change.
 */
export async function cachedRead<V>(db: Database, kind: ContentKind, key: string, load: (now: Date) => Promise<Fresh<V>>): Promise<V> {
  const cache = cacheFor(db);
  const fullKey = `${kind}:${key}`;
  for (;;) {
    const pending = cache.get(fullKey);
    if (!pending) break;
    const entry = await pending;
    if (Date.now() < entry.until) return entry.value as V;
    // Expired: the first reader to notice replaces it; the others then wait for that load.
    if (cache.get(fullKey) === pending) {
      cache.delete(fullKey);
      break;
    }
  }
  const now = new Date();
  const entry: Entry = load(now).then(({ value, until }) => ({
    value,
    until: Math.min(until ?? Infinity, now.getTime() + READ_CACHE_TTL_MS),
  }));
  cache.set(fullKey, entry);
  entry.catch(() => {
    if (cache.get(fullKey) === entry) cache.delete(fullKey);
  });
  return (await entry).value as V;
}
