"use server";

import { updateTag } from "next/cache";
import { headers } from "next/headers";
import { createContext } from "@coach/api";
import { BLOG_CACHE_TAG } from "./data";

/**
 * Called by the coach's Leadership Blog tab after every change. The tRPC route has already expired
 * the public pages (server/revalidate.ts); this is the server action's read-your-own-writes: the
 * coach's next navigation gets the new pages, not the router's cached ones. Admins only.
 */
export async function refreshBlogCache(): Promise<{ refreshed: boolean }> {
  const ctx = await createContext({ headers: new Headers(await headers()) });
  const user = await ctx.getUser();
  if (user?.role !== "admin") return { refreshed: false };
  updateTag(BLOG_CACHE_TAG);
  return { refreshed: true };
}
