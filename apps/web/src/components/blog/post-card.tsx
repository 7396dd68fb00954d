import { Picture } from "~/components/picture";
import Link from "~/components/site-link";
import type { BlogListItem } from "./data";
import { FALLBACK_IMAGE, formatPostDate, postPath } from "./format";
import { TagChips } from "./tag-chips";

/**
 * A card of the blog list and the Resources tab: image, title (2 lines), date, summary (4 lines), tags, Read More.
 * `first` marks the card at the top of a list, whose image is usually the largest thing on a phone's
 * first screen: it loads eagerly and early instead of lazily.
 */
export function PostCard({ post, headingLevel = 2, first = false }: { post: BlogListItem; headingLevel?: 2 | 3; first?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = postPath(post.slug);
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <Link href={href} tabIndex={-1} aria-hidden="true" className="block">
        <Picture
          src={post.featuredImage || FALLBACK_IMAGE}
          alt=""
          width={1200}
          height={630}
          unoptimized
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : undefined}
          className="aspect-[40/21] w-full bg-brand-900 object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <Heading className="line-clamp-2 text-xl font-semibold text-brand-900">
          <Link href={href} className="hover:underline focus-visible:underline focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 text-sm text-slate-600">
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
        </p>
        {post.summary ? <p className="mt-3 line-clamp-4 text-slate-700">{post.summary}</p> : null}
        <TagChips tags={post.tags} className="mt-4" />
        <div className="mt-auto pt-6">
          <Link
            href={href}
            className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Read More<span className="sr-only">{`: ${post.title}`}</span>
            <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
