import "server-only";

import { unstable_cache } from "next/cache";
import { connection } from "next/server";
import { createCaller, createContext } from "@coach/api";
import type { MethodologyEntry } from "./types";

/**
 * The live reliability and norm figures for the public methodology page: the public
 * `tests.methodology` read, called as an anonymous visitor and cached for a few minutes under the
 * "assessments-methodology" tag (as the blog's public reads are), so a visitor never waits for the
 * statistics to be computed and a calibration can expire the tag at once.
 */
export const METHODOLOGY_CACHE_TAG = "assessments-methodology";
export const METHODOLOGY_CACHE_SECONDS = 300;

// Cached data lives next to the build on disk; one key per server process scopes it to this run.
const holder = globalThis as { __coachMethodologyCacheKey?: string };
const RUN_KEY = (holder.__coachMethodologyCacheKey ??= `${process.pid}-${Date.now().toString(36)}`);

const cached = unstable_cache(
  async (): Promise<MethodologyEntry[]> => (await createCaller(await createContext({ headers: new Headers() }))).tests.methodology(),
  ["assessments-methodology", RUN_KEY],
  { revalidate: METHODOLOGY_CACHE_SECONDS, tags: [METHODOLOGY_CACHE_TAG] },
);

/** Every test's reliability per scale and its norm. Reads at request time, never at build. */
export async function getMethodology(): Promise<MethodologyEntry[]> {
  await connection();
  return cached();
}
