// Built by the newsletter issue (footer newsletter box); renders nothing until then.
export function FooterNewsletter() {
  return null;
}
