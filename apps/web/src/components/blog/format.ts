import { format } from "date-fns";

/** The spec's date format, 'MMMM d, yyyy'. */
export function formatPostDate(iso: string | Date): string {
  return format(typeof iso === "string" ? new Date(iso) : iso, "MMMM d, yyyy");
}

/** Tag chips show underscores as spaces. */
export function tagText(tag: string): string {
  return tag.replace(/_/g, " ");
}

/** The byline the spec gives every post. */
export const EDITORIAL_TEAM = "The Editorial Team";

export const FALLBACK_IMAGE = "/images/blog/fallback.svg";

export function postPath(slug: string): string {
  return `/continuous-leadership-education/${encodeURIComponent(slug)}`;
}
