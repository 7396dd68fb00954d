/**
 * What the multi-instance suites share: the running rig (filled in by multi.test.ts's beforeAll,
 * read by each suite inside its tests), and the reads several suites make.
 */
import { createDb } from "@coach/db";
import type { Cluster, Visitor } from "./cluster";

export interface Rig {
  cluster: Cluster;
  /** The coach, signed in on server A. */
  admin: Visitor;
}

/** How long a change may take to show on the other server (a shared Redis, nginx's 1 s copies). */
export const PROPAGATION_MS = 2_000;
/** The blog's list; a post is at LIST/<slug> (a missing or unpublished one says "Article Not Found"). */
export const LIST = "/continuous-leadership-education";
export const NOT_FOUND = "Article Not Found";

/** The cluster's database, as the servers see it (close it after use). */
export function openDb(rig: Rig) {
  return createDb({ databaseUrl: rig.cluster.databaseUrl });
}

export async function page(url: string, pathname: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url + pathname, { signal: AbortSignal.timeout(20_000) });
  return { status: response.status, text: await response.text() };
}
