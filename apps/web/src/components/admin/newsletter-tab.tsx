// Built by the blog issue (an /admin tab); renders nothing until then.
export function NewsletterTab() {
  return null;
}
