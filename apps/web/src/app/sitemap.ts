import { unstable_rethrow } from "next/navigation";
import type { MetadataRoute } from "next";
import { and, desc, getDb, isNotNull, lte, schema } from "@coach/db";
import { log } from "@coach/api";
import { BLOG_PATH, PUBLIC_PAGES, siteUrl } from "~/lib/site";

// Published posts change at run time (scheduled posts go live by date): build the map per request.
export const dynamic = "force-dynamic";

async function publishedPosts(): Promise<Array<{ slug: string; lastModified: Date }>> {
  try {
    const db = await getDb();
    const now = new Date();
    return await db
      .select({ slug: schema.blogPosts.slug, lastModified: schema.blogPosts.lastModified })
      .from(schema.blogPosts)
      .where(and(isNotNull(schema.blogPosts.publishedAt), lte(schema.blogPosts.publishedAt, now)))
      .orderBy(desc(schema.blogPosts.publishedAt));
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
  const posts = await publishedPosts();
  const latestPost = posts.reduce<Date | undefined>((latest, post) => (!latest || post.lastModified > latest ? post.lastModified : latest), undefined);
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
