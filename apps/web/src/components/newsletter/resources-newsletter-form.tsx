// Built by the newsletter issue (Resources newsletter form); renders nothing until then.
export function ResourcesNewsletterForm() {
  return null;
}
