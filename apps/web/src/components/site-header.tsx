import Link from "next/link";
import { HeaderSessionControls } from "./header-session";

// The full header (dropdowns, mobile menu, session greeting) is built by the public-website and accounts issues.
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-6 py-4">
        <Link href="/" className="text-lg font-bold text-brand-800">
          Executive Coaching
        </Link>
        <div className="flex items-center gap-4">
          <Link href="/continuous-leadership-education" className="hidden text-sm font-medium text-slate-700 hover:text-brand-700 md:inline">
            Continuous Leadership Education
          </Link>
          <HeaderSessionControls />
          <Link href="/appointments" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Book a Consultation
          </Link>
        </div>
      </nav>
    </header>
  );
}
