import Link from "next/link";
import { buttonClasses } from "@coach/ui/button";
export { DatabaseIssue } from "~/components/database-issue";
import type { TestType } from "./types";

export function TestNotFound() {
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center" aria-labelledby="test-not-found">
      <h1 id="test-not-found" className="text-2xl font-semibold text-slate-900">
        Test Not Found
      </h1>
      <p className="mt-3 text-slate-700">The requested test could not be loaded or doesn&apos;t exist.</p>
      <Link href="/tests" className={buttonClasses({ className: "mt-8" })}>
        Back to Tests
      </Link>
    </section>
  );
}

const BADGE: Record<TestType, string> = {
  personality: "bg-violet-100 text-violet-900",
  iq: "bg-sky-100 text-sky-900",
  eq: "bg-emerald-100 text-emerald-900",
  leadership: "bg-amber-100 text-amber-900",
};

export function TypeBadge({ type, label }: { type: TestType; label: string }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[type]}`}>{label}</span>;
}
