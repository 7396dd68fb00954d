import type { Metadata } from "next";
import Link from "~/components/site-link";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-semibold">Page Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has been moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link href="/" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Return to Homepage
        </Link>
        <Link href="/contact" className="rounded-md px-5 py-3 font-semibold text-brand-700 underline-offset-4 hover:underline">
          Contact Support
        </Link>
      </div>
    </section>
  );
}
