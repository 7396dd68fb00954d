/**
 * "Public content changed": services announce it after their write has committed, and whoever keeps
 * a copy of that content listens (the read caches in read-cache.ts; the web app's prerendered pages,
 * which it wires with `onContentChanged` at start-up). packages/api knows nothing of Next.js.
 *
 * A change made on another server can be delivered here too (issue 19: a Redis or LISTEN/NOTIFY
 * bridge subscribes, publishes the `local` changes and calls `contentChanged` with `origin: "remote"`
 * for the ones it receives, so it never echoes them back).
 */
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

// One registry per process, even if a bundler loads this module twice (Next.js route bundles). The
// web app's production server (apps/web/server.mjs, plain JavaScript outside the bundles) joins it
// by this symbol to empty its micro-cache: keep the name and the Set shape.
const REGISTRY = Symbol.for("coach.api.contentListeners");
const registry = globalThis as typeof globalThis & { [REGISTRY]?: Set<ContentListener> };
const listeners = (registry[REGISTRY] ??= new Set<ContentListener>());

/** Subscribes to content changes; returns the function that unsubscribes. */
export function onContentChanged(listener: ContentListener): () => void {
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
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      log("error", "content change listener failed", { kind: event.kind, error });
    }
  }
}
