/** The blog's output shapes: the one list of fields that routers declare and services select. */
import { z } from "zod";
import { BLOG_TAGS } from "@coach/db/enums";
import { dateTime, nullableDateTime } from "../shared/schemas";

/** A post as the spec's client lists it (section 3, "Blog post as listed"). */
export const listedPost = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string().nullable(),
  slug: z.string(),
  featuredImage: z.string().nullable(),
  publishedAt: dateTime,
  lastModified: dateTime,
  tags: z.array(z.object({ id: z.number(), tag: z.enum(BLOG_TAGS) })),
});
export type ListedPost = z.infer<typeof listedPost>;

export const fullPost = listedPost.extend({
  content: z.string(),
  excerpt: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  featured: z.boolean(),
});
export type FullPost = z.infer<typeof fullPost>;

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A post as the coach's editor sees it: every column, its status and its tags. */
export const adminPost = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  featured: z.boolean(),
  publishedAt: nullableDateTime,
  lastModified: dateTime,
  createdAt: dateTime,
  status: z.enum(POST_STATUSES),
  tags: z.array(z.enum(BLOG_TAGS)),
});
export type AdminPost = z.infer<typeof adminPost>;

/** The editor's preview: the body as visitors will see it. */
export const previewOutput = z.object({ html: z.string() });

/** Where an uploaded featured image is served. */
export const uploadedImage = z.object({ url: z.string() });
