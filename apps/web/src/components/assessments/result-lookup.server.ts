import "server-only";

import { TRPCError } from "@trpc/server";
import { serverCaller } from "~/trpc/caller";
import type { ResultItem } from "./types";

/** A result id in a path: a positive integer, as the API's ids are. */
export function parseAttemptId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * One of the signed-in user's completed results, or null when there is no such result of theirs
 * (another person's id, an attempt in progress, an unknown id: the API answers NOT_FOUND for all).
 */
export async function ownResult(attemptId: number): Promise<ResultItem | null> {
  try {
    return await (await serverCaller()).attempts.historyItem({ attemptId });
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}
