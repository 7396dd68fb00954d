import { unstable_rethrow } from "next/navigation";
import Link from "~/components/site-link";
import { Suspense } from "react";
import { buttonClasses } from "@coach/ui/button";
import { log } from "@coach/api";
import { getLatestPost } from "./data";
import { EDITORIAL_TEAM, formatPostDate, postPath } from "./format";
import { Spinner } from "./spinner";
import { TagChips } from "./tag-chips";

const BLOG = "/continuous-leadership-education";

/** Home section 8: the newest article. A spinner while it loads; nothing at all on error or with no post. */
export function LatestArticleSection() {
  return (
    <Suspense fallback={<Spinner label="Loading the latest article" />}>
      <LatestArticle />
    </Suspense>
  );
}

async function LatestArticle() {
  let post;
  try {
    post = await getLatestPost();
  } catch (error) {
    // Next.js signals (dynamic rendering, notFound, redirect) must pass through.
    unstable_rethrow(error);
    log("warn", "latest article unavailable", { error });
    return null;
  }
  if (!post) return null;
  return (
    <section aria-labelledby="latest-article-title" className="bg-white py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <h2 id="latest-article-title" className="text-center text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
          Continuous Leadership Education
        </h2>
        <article className="mt-10 rounded-xl border border-slate-200 bg-brand-50 p-8 shadow-sm">
          <h3 className="text-2xl font-semibold text-brand-900">{post.title}</h3>
          <p className="mt-2 text-sm text-slate-700">
            {"Published on "}
            <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
            {` by ${EDITORIAL_TEAM}`}
          </p>
          {post.summary ? <p className="mt-4 text-lg leading-8 text-slate-800">{post.summary}</p> : null}
          <TagChips tags={post.tags} className="mt-4" onTinted />
          <div className="mt-8 flex flex-wrap gap-4">
            <Link href={postPath(post.slug)} className={buttonClasses({ variant: "primary", size: "lg" })}>
              Read Full Article
            </Link>
            <Link href={BLOG} className={buttonClasses({ variant: "outline", size: "lg" })}>
              View All Articles
            </Link>
          </div>
        </article>
      </div>
    </section>
  );
}
