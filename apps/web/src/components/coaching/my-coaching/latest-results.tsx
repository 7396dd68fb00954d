import { clsx } from "clsx";
import Link from "next/link";
import { LocalDay } from "../when";
import { LINK, SECTION } from "./portal-section";
import type { Portal } from "./portal-view";

/** The client's latest assessment results, each linking to its details (or an invitation to take one). */
export function LatestResults({ results }: { results: Portal["latestResults"] }) {
  if (results.length === 0) {
    return (
      <p className={clsx(SECTION, "text-slate-700")}>
        No assessment results yet.{" "}
        <Link href="/tests" className={LINK}>
          Take an assessment
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {results.map((r) => (
        <li key={r.attemptId} className={SECTION}>
          <h3 className="font-semibold text-slate-900">{r.testTitle}</h3>
          <p className="text-sm text-slate-600">
            <LocalDay date={r.completedAt} />
          </p>
          {r.summary ? <p className="mt-2 break-words text-sm text-slate-800">{r.summary}</p> : null}
          <Link href={`/test-history/${r.attemptId}`} className={clsx(LINK, "mt-2 inline-block text-sm")}>
            View details<span className="sr-only"> of {r.testTitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
