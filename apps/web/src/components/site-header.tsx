import { Picture } from "~/components/picture";
import Link from "~/components/site-link";
import { HeaderSessionControls } from "./header-session";
import { MobileMenu } from "./marketing/mobile-menu";
import { NavDropdown } from "./marketing/nav-dropdown";
import { ASSESSMENT_LINKS, BLOG_PATH, PRACTICE_NAME, PROGRAM_LINKS, SERVICE_ANCHOR_LINKS } from "~/lib/site";

/** The same for every visitor (pages are prerendered); the session controls are a client island. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Picture src="/images/logo-mark.svg" alt="" width={32} height={32} loading="eager" />
          <span>{PRACTICE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavDropdown
            label="Services"
            groups={[
              { heading: "Services", links: SERVICE_ANCHOR_LINKS },
              { heading: "Coaching Programs", links: PROGRAM_LINKS },
            ]}
          />
          <NavDropdown label="Assessments" groups={[{ links: ASSESSMENT_LINKS }]} />
          <Link href={BLOG_PATH} className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700">
            Continuous Leadership Education
          </Link>
        </nav>

        <div className="flex items-center gap-3">
          {/* The width an admin's controls take, reserved so the greeting moves nothing when it arrives. */}
          <div className="hidden lg:block">
            <HeaderSessionControls slotClassName="w-72" />
          </div>
          <Link
            href="/appointments"
            className="hidden rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:inline-block"
          >
            Book a Consultation
          </Link>
          <MobileMenu
            sections={[
              {
                heading: "Menu",
                links: [
                  { label: "Home", href: "/" },
                  { label: "Continuous Leadership Education", href: BLOG_PATH },
                  { label: "Resources", href: "/resources" },
                  { label: "Contact", href: "/contact" },
                  { label: "Book a Consultation", href: "/appointments" },
                ],
              },
              { heading: "Services", links: [...SERVICE_ANCHOR_LINKS, ...PROGRAM_LINKS] },
              { heading: "Assessments", links: ASSESSMENT_LINKS },
            ]}
          >
            <HeaderSessionControls />
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
