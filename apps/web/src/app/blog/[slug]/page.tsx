import { permanentRedirect } from "next/navigation";
import { BLOG_PATH } from "~/lib/site";

/** /blog/{slug} moves permanently to /continuous-leadership-education/{slug}. */
export default async function BlogPostRedirect({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  permanentRedirect(`${BLOG_PATH}/${encodeURIComponent(slug)}`);
}
