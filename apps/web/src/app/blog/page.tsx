import { permanentRedirect } from "next/navigation";
import { BLOG_PATH } from "~/lib/site";

/** /blog is the old address of the blog: it moves permanently to Continuous Leadership Education. */
export default function BlogRedirect() {
  permanentRedirect(BLOG_PATH);
}
