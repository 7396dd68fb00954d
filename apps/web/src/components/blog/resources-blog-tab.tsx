import { unstable_rethrow } from "next/navigation";
import Link from "~/components/site-link";
import { buttonClasses } from "@coach/ui/button";
import { log } from "@coach/api";
import { getPublishedPosts } from "./data";
import { PostCard } from "./post-card";

/** Resources page, 'Blog articles' tab: the 6 latest posts and a link to the whole blog. */
export const RESOURCES_POST_LIMIT = 6;

/**
 * Rendered into the page's first HTML rather than streamed behind a spinner: the posts come from the
 * 5-minute cache, and streamed in later the first card's image (a phone's largest element) painted
 * late and pushed the content below it down.
 */
export async function ResourcesBlogTab() {
  let posts;
  try {
    posts = await getPublishedPosts(RESOURCES_POST_LIMIT);
  } catch (error) {
    // Next.js signals (dynamic rendering, notFound, redirect) must pass through.
    unstable_rethrow(error);
    log("warn", "resources blog tab unavailable", { error });
    return (
      <div role="alert" className="rounded-lg border border-slate-200 bg-slate-50 p-8 text-center">
        <p className="font-semibold text-slate-900">Unable to load blog posts</p>
        <p className="mt-1 text-slate-700">Please try again later</p>
      </div>
    );
  }
  return (
    <div>
      {posts.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-8 text-center text-slate-700">No Blog Posts Yet</p>
      ) : (
        <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard key={post.id} post={post} headingLevel={3} first={index === 0} />
          ))}
        </div>
      )}
      <div className="mt-10 text-center">
        <Link href="/continuous-leadership-education" className={buttonClasses({ variant: "primary", size: "lg" })}>
          View All Articles
        </Link>
      </div>
    </div>
  );
}
