import { randomUUID } from "node:crypto";
import { settings } from "@coach/config";
import { createClient } from "redis";

/**
 * "Content changed" notices for every instance of the site. Caches kept in a process's memory
 * (packages/api's read caches) subscribe and drop what the event names; whoever changes content
 * publishes once. With REDIS_URL the event goes over Redis pub/sub to every instance (this one
 * included, at once, not after the round trip); without it, only to this process.
 *
 * Redis away: events still reach this process; the failure is logged once. When Redis answers
 * again every listener gets `{ kind: "*" }` (anything may have changed while events could not
 * travel), so no cache keeps a change it missed.
 * Next.js's page cache does not need this: its tag expiries are shared by cache-handler.mjs.
 */
export interface ContentEvent {
  /** What changed ("blog", "tests", ...), or "*" for anything. */
  kind: string;
  /** Which items, when the publisher knows (slugs, ids); absent: all of that kind. */
  keys?: string[];
}
export type ContentListener = (event: ContentEvent) => void;

const CHANNEL = "coach:content-changed";
const origin = randomUUID();
const listeners = new Set<ContentListener>();

function newClient(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000) },
  });
}
type Client = ReturnType<typeof newClient>;
let redis: { publisher: Client; subscriber: Client } | undefined;
let down = false;
let everReady = false;

function deliver(event: ContentEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error("content listener failed", error);
    }
  }
}

function failed(error: unknown): void {
  if (down) return;
  down = true;
  console.error(`Change notices cannot reach other instances (${error instanceof Error ? error.message : String(error)}); retrying`);
}

function recovered(): void {
  // Events sent while Redis was away were lost: tell every cache to start afresh.
  if (down || everReady) deliver({ kind: "*" });
  if (down) console.warn("Change notices reach other instances again (Redis)");
  down = false;
  everReady = true;
}

/** Opens the two connections (a subscribed one cannot publish) at first use, never at import. */
function connect(): typeof redis {
  const url = settings().redisUrl;
  if (!url) return undefined;
  if (redis) return redis;
  const publisher = newClient(url);
  const subscriber = newClient(url);
  publisher.on("error", failed);
  subscriber.on("error", failed);
  subscriber.on("ready", recovered);
  publisher.connect().catch(failed);
  subscriber
    .connect()
    .then(() =>
      subscriber.subscribe(CHANNEL, (message) => {
        try {
          const { from, event } = JSON.parse(message) as { from: string; event: ContentEvent };
          if (from !== origin) deliver(event);
        } catch {
          // Not ours: ignore.
        }
      }),
    )
    .catch(failed);
  redis = { publisher, subscriber };
  return redis;
}

/** Tells every instance (this one at once) that content changed. Never throws for Redis. */
export async function publish(event: ContentEvent): Promise<void> {
  deliver(event);
  const clients = connect();
  if (!clients?.publisher.isReady) return;
  try {
    await clients.publisher.publish(CHANNEL, JSON.stringify({ from: origin, event }));
  } catch (error) {
    failed(error);
  }
}

/** Calls `listener` for every event from any instance; returns the unsubscribe function. */
export function subscribe(listener: ContentListener): () => void {
  listeners.add(listener);
  connect();
  return () => listeners.delete(listener);
}
