import Link from "next/link";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-4 px-6 py-8 text-sm text-slate-600">
        <p>© {new Date().getFullYear()} Executive Coaching</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link href="/privacy">Privacy</Link>
          <Link href="/terms">Terms</Link>
          <Link href="/sitemap">Sitemap</Link>
        </nav>
      </div>
    </footer>
  );
}
