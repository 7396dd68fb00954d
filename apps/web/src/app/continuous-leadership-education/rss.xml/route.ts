import { unstable_rethrow } from "next/navigation";
import { log } from "@coach/api";
import { getPublishedPosts } from "~/components/blog/data";
import { postPath } from "~/components/blog/format";
import { PRACTICE_NAME, siteUrl } from "~/lib/site";

// Answered per request from the posts' tagged data cache (components/blog/data.ts), which a publish
// expires at once and a scheduled post's minute within a minute. A stored route-handler answer carries
// no data tags, and expiring it by path served the old feed once more (e2e/cache.spec.ts).
export const dynamic = "force-dynamic";

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** RSS 2.0 feed of the published posts, from the same 5-minute cache as the pages. */
export async function GET() {
  const base = siteUrl();
  let posts;
  try {
    posts = await getPublishedPosts(50);
  } catch (error) {
    // Next.js signals (dynamic rendering, notFound, redirect) must pass through.
    unstable_rethrow(error);
    log("warn", "rss feed unavailable", { error });
    return new Response("The feed is temporarily unavailable. Please try again later.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "60" },
    });
  }
  const items = posts
    .map((post) => {
      const link = `${base}${postPath(post.slug)}`;
      return `    <item>
      <title>${xml(post.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>
      <description>${xml(post.summary ?? "")}</description>
${post.tags.map((t) => `      <category>${xml(t.tag.replace(/_/g, " "))}</category>`).join("\n")}
    </item>`;
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`Continuous Leadership Education | ${PRACTICE_NAME}`)}</title>
    <link>${xml(`${base}/continuous-leadership-education`)}</link>
    <atom:link href="${xml(`${base}/continuous-leadership-education/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Research-based leadership articles from our executive coaching practice.</description>
    <language>en</language>
${posts[0] ? `    <lastBuildDate>${new Date(posts[0].publishedAt).toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=300" } });
}
