import type { ReactNode } from "react";
import { TypeBadge } from "./status-panels";
import type { AssessmentCopy, CatalogueTest } from "./types";

/**
 * One catalogue card. No hooks and no "use client": the /tests pages render it on the server (its
 * text costs no hydration work), and only the catalogue's fallback, loaded when the server could not
 * read the tests, renders it in the browser. `action` is the card's button, which depends on who is
 * signed in (TestCardAction).
 */
export function TestCard({ test, copy, action }: { test: CatalogueTest; copy: AssessmentCopy; action: ReactNode }) {
  const note = copy.theoryNotes[test.type];
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby={`test-${test.id}-title`}>
      <div className="flex items-center justify-between gap-3">
        <TypeBadge type={test.type} label={copy.typeLabels[test.type]} />
        <span className="text-sm text-slate-600">{test.timeEstimate} mins</span>
      </div>
      <h3 id={`test-${test.id}-title`} className="mt-4 text-xl font-semibold text-slate-900">
        {test.title}
      </h3>
      <p className="mt-2 text-slate-700">{test.description}</p>
      <h4 className="mt-5 text-sm font-semibold text-slate-900">What you&apos;ll learn</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {copy.whatYoullLearn[test.type].map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {note ? <p className="mt-4 rounded-md bg-slate-50 p-3 text-xs leading-relaxed text-slate-700">{note}</p> : null}
      <div className="mt-auto pt-6">{action}</div>
    </article>
  );
}
