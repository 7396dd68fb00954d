import { notFound, unstable_rethrow } from "next/navigation";
import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import Link from "~/components/site-link";
import { cache } from "react";
import { log, metaDescription, renderBlogBody } from "@coach/api";
import { getPost, type BlogPostDetail } from "~/components/blog/data";
import { EDITORIAL_TEAM, formatPostDate, postPath } from "~/components/blog/format";
import { TagChips } from "~/components/blog/tag-chips";
import { DB_ISSUE_TEXT, DB_ISSUE_TITLE, isDatabaseConnectionError } from "~/lib/errors";
import { PRACTICE_NAME, siteUrl } from "~/lib/site";

// Shows published posts: regenerated at most a minute after a scheduled post's minute (BLOG_REVALIDATE_SECONDS
// in components/blog/data.ts; a literal, as Next.js reads it from the source), and at once on the coach's edits.
export const revalidate = 60;

/** No post is built with the app: each is rendered on its first request and kept until it changes. */
export function generateStaticParams(): Array<{ slug: string }> {
  return [];
}

type Props = { params: Promise<{ slug: string }> };
type Loaded = { post: BlogPostDetail | null; error: unknown };

const load = cache(async (slug: string): Promise<Loaded> => {
  try {
    return { post: await getPost(slug), error: null };
  } catch (error) {
    // Next.js signals (dynamic rendering, notFound, redirect) must pass through.
    unstable_rethrow(error);
    log("warn", "blog post unavailable", { error, slug });
    return { post: null, error };
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { post, error } = await load(slug);
  if (!post && !isDatabaseConnectionError(error)) notFound();
  if (!post) return { title: DB_ISSUE_TITLE, robots: { index: false } };
  const description = metaDescription(post.content, post.seoDescription || post.summary);
  const title = post.seoTitle || post.title;
  const image = post.featuredImage || "/images/blog/fallback.svg";
  return {
    title,
    description,
    alternates: { canonical: postPath(post.slug) },
    openGraph: {
      title,
      description,
      type: "article",
      url: postPath(post.slug),
      publishedTime: post.publishedAt,
      modifiedTime: post.lastModified,
      authors: [EDITORIAL_TEAM],
      tags: post.tags.map((t) => t.tag.replace(/_/g, " ")),
      images: [image],
    },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

/** JSON for a <script> element: "<" escaped so the content can never close the element. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export default async function BlogPostPage({ params }: Props) {
  const { slug } = await params;
  const { post, error } = await load(slug);

  if (!post) {
    // Missing, draft or deleted: a real 404 (not-found.tsx beside this page), never a soft one.
    if (!isDatabaseConnectionError(error)) notFound();
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-brand-900">{DB_ISSUE_TITLE}</h1>
        <p className="mt-4 text-slate-700">{DB_ISSUE_TEXT}</p>
        <Link href="/continuous-leadership-education" className="mt-8 inline-block font-semibold text-brand-700 hover:underline">
          ← Back to Continuous Leadership Education
        </Link>
      </div>
    );
  }

  const base = siteUrl();
  const url = `${base}${postPath(post.slug)}`;
  const image = new URL(post.featuredImage || "/images/blog/fallback.svg", base).toString();
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: metaDescription(post.content, post.seoDescription || post.summary),
    image: [image],
    datePublished: post.publishedAt,
    dateModified: post.lastModified,
    author: { "@type": "Organization", name: `${PRACTICE_NAME} ${EDITORIAL_TEAM.replace(/^The /, "")}` },
    publisher: { "@type": "Organization", name: PRACTICE_NAME, logo: { "@type": "ImageObject", url: `${base}/icon.svg` } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    keywords: post.tags.map((t) => t.tag.replace(/_/g, " ")).join(", "),
  };

  return (
    <article className="bg-white">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structuredData) }} />
      <header className="bg-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
          <Link href="/continuous-leadership-education" className="text-sm font-semibold text-brand-100 hover:text-white hover:underline">
            ← Back to Continuous Leadership Education
          </Link>
          <h1 className="mt-6 text-3xl font-bold tracking-tight md:text-5xl">{post.title}</h1>
          <p className="mt-4 text-brand-100">
            <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
            <span aria-hidden="true"> · </span>
            <span>{`By ${EDITORIAL_TEAM}`}</span>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {post.featuredImage ? (
          <Picture
            src={post.featuredImage}
            alt=""
            width={1200}
            height={630}
            unoptimized
            preload
            className="mb-10 w-full rounded-lg bg-brand-900"
          />
        ) : null}
        <TagChips tags={post.tags} className="mb-8" />
        {/* The post's own HTML (sanitized): no script in here is ever given a CSP hash (server/csp.mjs). */}
        <div
          data-user-content=""
          className="text-lg leading-8 text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-8 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:pl-6 [&_blockquote]:italic [&_h2]:mb-4 [&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900 [&_h3]:mb-3 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-brand-900 [&_img]:my-8 [&_img]:rounded-lg [&_li]:mt-2 [&_ol]:my-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-5 [&_ul]:my-6 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: renderBlogBody(post.content) }}
        />
        <div className="mt-12 border-t border-slate-200 pt-8">
          <Link href="/continuous-leadership-education" className="font-semibold text-brand-700 hover:underline">
            ← Back to all articles
          </Link>
        </div>
      </div>
    </article>
  );
}
