import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import "./globals.css";
import { Toaster } from "@coach/ui/toast";
import { SiteHeader } from "~/components/site-header";
import { SiteFooter } from "~/components/site-footer";
import { PRACTICE_DESCRIPTION, PRACTICE_NAME, siteUrl } from "~/lib/site";

// Self-hosted from @fontsource-variable/inter: no font host is contacted at build or run time. The
// file is Fontsource's Latin subset with the weight axis cut to the 400-700 the site uses
// (scripts/subset-font.ts); a weight outside that range renders at the nearest end.
const inter = localFont({
  src: "./fonts/inter-latin-wght-400-700.woff2",
  variable: "--font-inter",
  weight: "400 700",
  // "optional": text paints once, in the fallback if the font is late (no swap repaint, no late LCP).
  display: "optional",
  fallback: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
});

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  applicationName: PRACTICE_NAME,
  title: { default: "Scientific Executive Coaching & Leadership Development", template: `%s | ${PRACTICE_NAME}` },
  description: PRACTICE_DESCRIPTION,
  formatDetection: { telephone: false },
};

/**
 * The longest any prerendered page is kept: it is also its `s-maxage`, so a CDN in front asks again
 * within 5 minutes (after a deploy, an old page would name bundles the new build no longer has).
 * Pages that show posts or tests say less themselves; per-visitor pages are not cached at all.
 */
export const revalidate = 300;

export const viewport: Viewport = { themeColor: "#122f57", width: "device-width", initialScale: 1 };

/**
 * Reads nothing per request, so public pages are prerendered and a shared cache may keep them: the
 * visitor's session is shown by the header's client island, and the CSP is hash-based (server.mjs).
 */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
      </body>
    </html>
  );
}
