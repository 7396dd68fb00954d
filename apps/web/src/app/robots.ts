import type { MetadataRoute } from "next";
import { siteUrl } from "~/lib/site";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const base = siteUrl();
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        // Private and per-user areas: nothing there for a search engine.
        disallow: ["/api/", "/admin", "/settings", "/appointments", "/test-history", "/reset-password/", "/request-password-reset"],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
  };
}
