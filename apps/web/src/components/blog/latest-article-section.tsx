// Built by the blog issue (home 'Latest article', spec section 2); renders nothing until then.
export function LatestArticleSection() {
  return null;
}
