import { z } from "zod";
import { BLOG_TAGS } from "@coach/db/enums";
import { jsonBoolean } from "./json-boolean";
import { boundedDateFromText } from "./text-or-json";

/**
 * The coach's blog forms, shared by the admin tab (react-hook-form) and the admin procedures.
 * Tags are the spec's list (section 3, blog_tags).
 */

/** The tag list lives with the schema (spec section 3, blog_tags); re-exported for the forms. */
export { BLOG_TAGS, type BlogTag as BlogTagName } from "@coach/db/enums";

/** How a tag is shown: underscores as spaces. */
export function tagLabel(tag: string): string {
  return tag.replace(/_/g, " ");
}

export const TITLE_MAX = 200;
export const SUMMARY_MAX = 600;
export const CONTENT_MAX = 200_000;
export const SLUG_MAX = 120;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 170;

/** Lowercase words joined by hyphens, accents folded: "Leading Through Change!" → "leading-through-change". */
export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
}

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug may contain only lowercase letters, numbers and single hyphens");

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Local uploads (/uploads/...), site images (/images/...) or an https address. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(500, "Image address is too long")
  .refine(
    (v) => (/^\/(uploads|images)\/[A-Za-z0-9._/-]+$/.test(v) && !v.includes("..")) || /^https:\/\/[^\s"'<>]+$/.test(v),
    "Use an uploaded image or an https image address",
  );

export const blogPostInput = z.object({
  title: z.string().trim().min(3, "Title must be at least 3 characters").max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  /** Empty: generated from the title. */
  slug: z.union([slugSchema, z.literal("")]).optional(),
  summary: z
    .string()
    .trim()
    .min(10, "Summary must be at least 10 characters")
    .max(SUMMARY_MAX, `Summary must be at most ${SUMMARY_MAX} characters`),
  content: z.string().trim().min(20, "Body must be at least 20 characters").max(CONTENT_MAX, "Body is too long"),
  tags: z
    .array(z.enum(BLOG_TAGS, { message: "Choose tags from the list" }))
    .max(BLOG_TAGS.length)
    .default([]),
  imageUrl: z.union([imageUrlSchema, z.literal("")]).optional(),
  seoTitle: optionalText(SEO_TITLE_MAX, "SEO title"),
  seoDescription: optionalText(SEO_DESCRIPTION_MAX, "SEO description"),
  featured: jsonBoolean("featured must be true or false.").default(false),
});
export type BlogPostInput = z.input<typeof blogPostInput>;

export const PUBLISH_MODES = ["draft", "now", "schedule"] as const;
export const publishInput = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("now") }),
    z.object({ mode: z.literal("draft") }),
    z.object({ mode: z.literal("schedule"), at: boundedDateFromText("The publish date", "Choose a valid date and time") }),
  ],
  { message: 'Publish mode must be "now", "draft" or "schedule"' },
);
export type PublishInput = z.input<typeof publishInput>;

export const IMAGE_TYPES = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" } as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
