/**
 * "Public content changed": services announce it after their write has committed, and whoever keeps
 * a copy of that content listens (the read caches in read-cache.ts; the web app's prerendered pages,
 * which it wires with `onContentChanged` at start-up). packages/api knows nothing of Next.js.
 *
 * A change made on another server can be delivered here too (issue 19: a Redis or LISTEN/NOTIFY
 * bridge subscribes, publishes the `local` changes and calls `contentChanged` with `origin: "remote"`
 * for the ones it receives, so it never echoes them back).
 */
import { threadId } from "node:worker_threads";
import { log } from "./logger";

/** What public pages and cached API reads are built from. */
export const CONTENT_KINDS = ["blog", "tests"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentChange {
  kind: ContentKind;
  /** The slugs whose pages show it (old and new when a slug changed); absent: every page of the kind. */
  slugs?: readonly string[];
  /** Where the change was made: this process, or another server (delivered by a bridge). */
  origin?: "local" | "remote";
}

export type ContentListener = (change: ContentChange) => void;

const listeners = new Set<ContentListener>();

/**
 * Next.js may load this module more than once in one process (its route handlers and its pages are
 * bundled separately), and each copy has its own listeners and read caches. A change made through
 * one copy reaches the others over Node's BroadcastChannel (named for this thread, so it never
 * leaves it), as a `remote` change: they empty their caches and do not announce it again.
 */
const CHANNEL = `coach:content-changed:${threadId}`;
let channel: BroadcastChannel | undefined;
function openChannel(): BroadcastChannel {
  if (channel) return channel;
  channel = new BroadcastChannel(CHANNEL);
  // Node's BroadcastChannel: unref() lets a process that has nothing else to do exit.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  channel.onmessage = (message: MessageEvent<ContentChange>) => notify({ ...message.data, origin: "remote" });
  return channel;
}

function notify(event: ContentChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      log("error", "content change listener failed", { kind: event.kind, error });
    }
  }
}

/** Subscribes to content changes; returns the function that unsubscribes. */
export function onContentChanged(listener: ContentListener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells every listener, synchronously, in the order they subscribed (the caller's request context is
 * still active, which Next.js's revalidateTag needs). A failing listener is logged and skipped: the
 * write has already happened and the other copies must still hear of it.
 */
export function contentChanged(change: ContentChange): void {
  const event: ContentChange = { origin: "local", ...change };
  notify(event);
  openChannel().postMessage({ kind: event.kind, ...(event.slugs ? { slugs: [...event.slugs] } : {}) });
}
