import "server-only";

import { unstable_cache } from "next/cache";
import { isBuildPhase } from "@coach/config/runtime";
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

const cached = unstable_cache(
  async (): Promise<MethodologyEntry[]> => (await createCaller(await createContext({ headers: new Headers() }))).tests.methodology(),
  ["assessments-methodology"],
  { revalidate: METHODOLOGY_CACHE_SECONDS, tags: [METHODOLOGY_CACHE_TAG] },
);

/**
 * Every test's reliability per scale and its norm. The page is prerendered and regenerated every
 * few minutes (like the blog's pages, see decision 10); `next build` has no database, and its copy
 * is never served (the page cache starts empty in each server), so the build reads nothing.
 */
export async function getMethodology(): Promise<MethodologyEntry[]> {
  if (isBuildPhase()) return [];
  return cached();
}
