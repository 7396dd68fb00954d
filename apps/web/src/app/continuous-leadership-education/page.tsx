import { unstable_rethrow } from "next/navigation";
import type { Metadata } from "next";
import { log } from "@coach/api";
import { getPublishedPosts } from "~/components/blog/data";
import { PostCard } from "~/components/blog/post-card";
import { DB_ISSUE_TEXT, DB_ISSUE_TITLE, isDatabaseConnectionError } from "~/lib/errors";
import { siteUrl } from "~/lib/site";

// Shows published posts: regenerated at most a minute after a scheduled post's minute (BLOG_REVALIDATE_SECONDS
// in components/blog/data.ts; a literal, as Next.js reads it from the source), and at once on the coach's edits.
export const revalidate = 60;

const TITLE = "Continuous Leadership Education";
const DESCRIPTION =
  "Research-based articles on leadership, emotional intelligence, performance, communication and stress management from our executive coaching practice.";

export const metadata: Metadata = {
  title: TITLE,
  description: DESCRIPTION,
  keywords: [
    "leadership blog",
    "executive coaching",
    "emotional intelligence",
    "leadership development",
    "team performance",
    "stress management",
  ],
  alternates: {
    canonical: "/continuous-leadership-education",
    types: { "application/rss+xml": `${siteUrl()}/continuous-leadership-education/rss.xml` },
  },
  openGraph: {
    title: TITLE,
    description: DESCRIPTION,
    url: "/continuous-leadership-education",
    type: "website",
    images: ["/images/blog/fallback.svg"],
  },
};

export default async function BlogListPage() {
  let posts;
  let failure: unknown = null;
  try {
    posts = await getPublishedPosts();
  } catch (error) {
    failure = error;
    // Next.js signals (dynamic rendering, notFound, redirect) must pass through.
    unstable_rethrow(error);
    log("warn", "blog list unavailable", { error });
  }

  return (
    <div className="bg-slate-50">
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Continuous Leadership Education</h1>
          <p className="mt-4 max-w-3xl text-lg text-brand-100">
            Evidence-based perspectives on leading people, making decisions and sustaining performance, from our coaching practice.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        {failure ? (
          <div role="alert" className="mx-auto max-w-2xl rounded-lg border border-red-200 bg-white p-8 text-center">
            <h2 className="text-2xl font-semibold text-slate-900">
              {isDatabaseConnectionError(failure) ? DB_ISSUE_TITLE : "Error Loading Blog"}
            </h2>
            <p className="mt-2 text-slate-700">
              {isDatabaseConnectionError(failure)
                ? DB_ISSUE_TEXT
                : "We encountered an error loading the blog posts. Please try again later."}
            </p>
          </div>
        ) : !posts || posts.length === 0 ? (
          <div className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-8 text-center">
            <h2 className="text-2xl font-semibold text-slate-900">No Blog Posts Yet</h2>
            <p className="mt-2 text-slate-700">New articles are on their way. Please check back soon.</p>
          </div>
        ) : (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <PostCard key={post.id} post={post} first={index === 0} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
