/** The public base URL: links in emails, canonical URLs, sitemap. */
export function siteUrl(): string {
  return (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

export const PRACTICE_NAME = "Executive Coaching";
