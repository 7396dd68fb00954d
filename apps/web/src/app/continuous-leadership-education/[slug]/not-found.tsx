import type { Metadata } from "next";
import Link from "~/components/site-link";

export const metadata: Metadata = { title: "Article Not Found", robots: { index: false } };

/** A missing, draft or deleted article: the spec's text, answered with 404. */
export default function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Article Not Found</h1>
      <p className="mt-4 text-slate-700">The article you are looking for does not exist or is no longer published.</p>
      <Link href="/continuous-leadership-education" className="mt-8 inline-block font-semibold text-brand-700 hover:underline">
        ← Back to Continuous Leadership Education
      </Link>
    </div>
  );
}
