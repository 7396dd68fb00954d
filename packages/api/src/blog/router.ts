import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "../trpc/init";
import { noInput } from "../shared/schemas";
import { latestPost, publishedPostBySlug, publishedPosts } from "./reading";
import { fullPost, listedPost } from "./shapes";
import { numberFromText } from "@coach/validators/text-or-json";

const LIMIT_MESSAGE = "limit must be a whole number from 1 to 100";

export { fullPost, listedPost, type FullPost, type ListedPost } from "./shapes";

/** What visitors read; answered from the service's in-process cache, cleared by every change. */
export const blogRouter = createTRPCRouter({
  /** Every published post, newest first (the list page and the Resources tab, which shows 6). */
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/blog", tags: ["blog"], summary: "Published blog posts, newest first" } })
    .input(
      z
        .object({
          limit: numberFromText(
            z.number({ message: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE),
          ).optional(),
        })
        .strict()
        .optional(),
    )
    .output(z.array(listedPost))
    .query(async ({ ctx, input }) => publishedPosts(await ctx.getDb(), input?.limit)),

  /** The newest published post, or null when there is none (the home section is then hidden). */
  latest: publicProcedure
    .meta({ openapi: { method: "GET", path: "/blog/latest", tags: ["blog"], summary: "The newest published post" } })
    .input(noInput)
    .output(listedPost.nullable())
    .query(async ({ ctx }) => latestPost(await ctx.getDb())),

  /** One published post with its body and tags; drafts and scheduled posts answer 404. */
  bySlug: publicProcedure
    .meta({ openapi: { method: "GET", path: "/blog/slug/{slug}", tags: ["blog"], summary: "One published post by its slug" } })
    .input(z.object({ slug: z.string().trim().min(1, "Slug is required").max(200, "Slug is too long") }))
    .output(fullPost)
    .query(async ({ ctx, input }) => publishedPostBySlug(await ctx.getDb(), input.slug)),
});
