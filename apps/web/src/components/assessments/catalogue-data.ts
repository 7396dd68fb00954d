import "server-only";

import { unstable_cache } from "next/cache";
import { isBuildPhase } from "@coach/config/runtime";
import { createCaller, createContext, log } from "@coach/api";
import type { CatalogueTest } from "./types";

/**
 * The assessment catalogue for the prerendered /tests pages: the public `tests.list` read (itself
 * answered from the API's read cache), called as an anonymous visitor and kept under the "tests"
 * tag, which a change of the catalogue expires at once (server/revalidate.ts).
 */
export const TESTS_CACHE_TAG = "tests";
export const CATALOGUE_REVALIDATE_SECONDS = 300;

const cached = unstable_cache(
  async (): Promise<CatalogueTest[]> =>
    (await (await createCaller(await createContext({ headers: new Headers() }))).tests.list()).map(
      ({ id, title, description, type, timeEstimate }) => ({ id, title, description, type, timeEstimate }),
    ),
  ["tests-catalogue"],
  { revalidate: CATALOGUE_REVALIDATE_SECONDS, tags: [TESTS_CACHE_TAG] },
);

/**
 * The tests, or null when they cannot be read now (the build has no database; or the database is
 * down): the page then loads them in the browser, with the spec's skeleton and error toast.
 */
export async function getCatalogue(): Promise<CatalogueTest[] | null> {
  if (isBuildPhase()) return null;
  try {
    return await cached();
  } catch (error) {
    log("warn", "catalogue read failed; the page loads it in the browser", { error });
    return null;
  }
}
