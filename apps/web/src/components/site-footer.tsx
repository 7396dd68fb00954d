import Link from "~/components/site-link";
import { FooterNewsletter } from "./newsletter/footer-newsletter";
import { SocialLinks } from "./marketing/social-icon";
import { BLOG_PATH, CONTACT, PRACTICE_NAME, PROGRAM_LINKS, SERVICE_ANCHOR_LINKS } from "~/lib/site";

const RESOURCE_LINKS = [
  { label: "Continuous Leadership Education", href: BLOG_PATH },
  { label: "Resources", href: "/resources" },
  { label: "Scientific Assessments", href: "/tests" },
  { label: "Executive Leadership Retreat", href: "/retreat-program" },
  { label: "About Us", href: "/about" },
  { label: "Contact", href: "/contact" },
];

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      {/* grid-cols-1 (minmax(0, 1fr)) holds the phone column to the screen: an implicit auto column grew to its widest
          item's min-content and scrolled every page sideways by a fraction of a pixel. */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{PRACTICE_NAME}</p>
          <p className="mt-3 text-sm leading-6">
            Scientific executive coaching and leadership development for senior leaders and their teams, grounded in psychological
            assessment that states its own margin of error.
          </p>
          <SocialLinks
            className="mt-5 flex gap-3"
            label="Social media"
            linkClassName="h-10 w-10 bg-brand-800 text-brand-100 hover:bg-accent-500 hover:text-brand-900"
          />
        </div>

        <nav aria-label="Services">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Services</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {[...SERVICE_ANCHOR_LINKS, ...PROGRAM_LINKS].map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <nav aria-label="Resources">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Resources</h2>
            <ul className="mt-4 grid gap-2 text-sm">
              {RESOURCE_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <h2 className="mt-8 text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <address className="mt-4 grid gap-1 text-sm not-italic">
            <span>{CONTACT.street}</span>
            <span>{`${CONTACT.city}, ${CONTACT.region} ${CONTACT.postalCode}`}</span>
            <a href={CONTACT.phoneHref} className="hover:text-white hover:underline">
              {CONTACT.phone}
            </a>
            <a href={`mailto:${CONTACT.email}`} className="break-all hover:text-white hover:underline">
              {CONTACT.email}
            </a>
          </address>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Newsletter</h2>
          <p className="mt-4 text-sm leading-6">Research-based leadership insights, once a month. No spam; unsubscribe at any time.</p>
          <div className="mt-4">
            <FooterNewsletter />
          </div>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{`© ${new Date().getFullYear()} ${PRACTICE_NAME}. All rights reserved.`}</p>
          <nav aria-label="Legal">
            <ul className="flex gap-5">
              <li>
                <Link href="/privacy" className="hover:text-white hover:underline">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link href="/terms" className="hover:text-white hover:underline">
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link href="/sitemap" className="hover:text-white hover:underline">
                  Sitemap
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
