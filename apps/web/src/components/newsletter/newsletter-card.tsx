// Built by the newsletter issue (home Newsletter card); renders nothing until then.
export function NewsletterCard() {
  return null;
}
