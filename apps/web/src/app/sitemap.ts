import { unstable_rethrow } from "next/navigation";
import type { MetadataRoute } from "next";
import { log } from "@coach/api";
import { getPublishedPosts, type BlogListItem } from "~/components/blog/data";
import { BLOG_PATH, PUBLIC_PAGES, siteUrl } from "~/lib/site";

// Published posts change at run time (scheduled posts go live by date): build the map per request.
export const dynamic = "force-dynamic";

/** The same `blog.list` read as the blog page, so "published" has one definition (the API's). */
async function publishedPosts(): Promise<BlogListItem[]> {
  try {
    return await getPublishedPosts();
  } catch (error) {
    // The static pages are still worth listing when the database is down.
    // Next.js signals (dynamic rendering, notFound, redirect) must pass through.
    unstable_rethrow(error);
    log("warn", "sitemap: blog posts unavailable", { error });
    return [];
  }
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const posts = (await publishedPosts()).map((post) => ({ slug: post.slug, lastModified: new Date(post.lastModified) }));
  const latestPost = posts.reduce<Date | undefined>(
    (latest, post) => (!latest || post.lastModified > latest ? post.lastModified : latest),
    undefined,
  );
  const pages: MetadataRoute.Sitemap = PUBLIC_PAGES.filter((page) => page.href !== "/sitemap").map((page) => ({
    url: `${base}${page.href === "/" ? "" : page.href}`,
    changeFrequency: page.changeFrequency,
    priority: page.priority,
    ...(page.href === BLOG_PATH && latestPost ? { lastModified: latestPost } : {}),
  }));
  const articles: MetadataRoute.Sitemap = posts.map((post) => ({
    url: `${base}${BLOG_PATH}/${encodeURIComponent(post.slug)}`,
    lastModified: post.lastModified,
    changeFrequency: "monthly",
    priority: 0.6,
  }));
  return [...pages, ...articles];
}
