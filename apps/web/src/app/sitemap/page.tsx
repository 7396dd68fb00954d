import type { Metadata } from "next";
import Link from "~/components/site-link";
import { Container } from "~/components/marketing/ui";
import { pageMetadata } from "~/lib/metadata";
import { ASSESSMENT_LINKS, PUBLIC_PAGES, SERVICE_ANCHOR_LINKS } from "~/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Site Map",
  description: "Every page of the website in one place: services, coaching programs, assessments, articles, resources and contact.",
  path: "/sitemap",
});

export default function SiteMapPage() {
  const groups = new Map<string, Array<{ label: string; href: string }>>();
  for (const page of PUBLIC_PAGES) groups.set(page.group, [...(groups.get(page.group) ?? []), page]);
  groups.set("Services", SERVICE_ANCHOR_LINKS);
  groups.set("Assessments", ASSESSMENT_LINKS);
  groups.set("Your Account", [
    { label: "Sign In or Create Account", href: "/auth" },
    { label: "Book a Consultation", href: "/appointments" },
    { label: "Reset Your Password", href: "/request-password-reset" },
  ]);

  return (
    <Container className="py-16">
      <h1 className="text-4xl font-bold tracking-tight text-brand-900">Site Map</h1>
      <p className="mt-4 text-lg text-slate-700">Every page of the website in one place.</p>
      <div className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
        {[...groups.entries()].map(([group, links]) => (
          <section key={group} aria-labelledby={`sitemap-${group.toLowerCase().replace(/\W+/g, "-")}`}>
            <h2 id={`sitemap-${group.toLowerCase().replace(/\W+/g, "-")}`} className="text-xl font-semibold text-brand-900">
              {group}
            </h2>
            <ul className="mt-3 grid gap-2">
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="text-brand-700 underline-offset-4 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Container>
  );
}
