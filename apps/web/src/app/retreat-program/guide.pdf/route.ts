import { renderRetreatGuide } from "~/components/marketing/retreat-guide-pdf";
import { siteUrl } from "~/lib/site";

/**
 * GET /retreat-program/guide.pdf: the retreat's program guide (the home page's "Download Program
 * Guide"). Rendered per request because its links carry this deployment's address (APP_URL), which
 * the build does not know; shared caches keep it for an hour.
 */
export const dynamic = "force-dynamic";

export async function GET() {
  const pdf = await renderRetreatGuide(siteUrl());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="executive-leadership-retreat-guide.pdf"',
      "cache-control": "public, max-age=3600",
    },
  });
}
