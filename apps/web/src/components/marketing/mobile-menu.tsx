"use client";

import Link from "~/components/site-link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { NavLink } from "~/lib/site";

/**
 * The small-screen menu: every header link in one panel; the session controls are passed in. The
 * panel is rendered only while open, so closed it costs a page neither markup nor hydration.
 */
export function MobileMenu({ sections, children }: { sections: Array<{ heading: string; links: NavLink[] }>; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const button = useRef<HTMLButtonElement>(null);
  const [lastPath, setLastPath] = useState(pathname);

  // Navigating closes the menu.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? "mobile-menu" : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50"
      >
        <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {open ? (
        <div
          id="mobile-menu"
          className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-6 pb-6 shadow-lg"
        >
          {/* The account controls first: on a phone, "Sign In" was the last of 20+ links (issue 32). */}
          <div className="flex flex-wrap items-center gap-4 border-b border-slate-100 py-4">{children}</div>
          <nav aria-label="Mobile">
            {sections.map((section) => (
              <div key={section.heading} className="border-t border-slate-100 py-3 first:border-t-0">
                <p className="pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{section.heading}</p>
                <ul className="grid gap-0.5">
                  {section.links.map((link) => (
                    <li key={link.href}>
                      <Link
                        href={link.href}
                        onClick={() => setOpen(false)}
                        className="block rounded-md px-2 py-2 text-base text-slate-800 hover:bg-brand-50"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
      ) : null}
    </div>
  );
}
