// Built by the blog issue (Resources 'Blog articles' tab); renders nothing until then.
export function ResourcesBlogTab() {
  return null;
}
