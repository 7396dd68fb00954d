"use server";

import { updateTag } from "next/cache";
import { headers } from "next/headers";
import { createContext } from "@coach/api";
import { BLOG_CACHE_TAG } from "./data";

/**
 * Called by the coach's Leadership Blog tab after every change: expires the public blog cache so
 * the list, the post pages, the home section, the Resources tab and the feed show it at once.
 * Admins only; for anyone else it does nothing.
 */
export async function refreshBlogCache(): Promise<{ refreshed: boolean }> {
  const ctx = await createContext({ headers: new Headers(await headers()) });
  const user = await ctx.getUser();
  if (user?.role !== "admin") return { refreshed: false };
  updateTag(BLOG_CACHE_TAG);
  return { refreshed: true };
}
