"use client";

import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import Link from "next/link";
import { useEffect } from "react";
import { buttonClasses } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { isDatabaseConnectionError } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { readResultData } from "@coach/assessments/results";
import { changeWords, points, readChange, type MoveWords } from "./change-words";
import { resultHeadline, validityWords } from "./result-view";
import { DatabaseIssue, TypeBadge } from "./status-panels";
import type { AssessmentCopy, HistoryItem } from "./types";

/** The label of any scale key a change can name (personality axis, EQ domain, leadership style). */
function scaleLabel(copy: AssessmentCopy) {
  return (key: string) =>
    copy.personalityAxes.find((a) => a.key === key)?.label ??
    copy.eqCategories.find((c) => c.key === key)?.label ??
    copy.leadershipStyles.find((s) => s.key === key)?.label ??
    key;
}

/** A personality axis moves toward a pole: its balance runs from the second pole (−100) to the first (100). */
function moveOf(copy: AssessmentCopy): MoveWords {
  return (key, delta) => {
    const axis = copy.personalityAxes.find((a) => a.key === key);
    if (!axis) return `${delta > 0 ? "up" : "down"} ${points(delta)}`;
    const pole = delta > 0 ? axis.first : axis.second;
    return `toward ${copy.poleLabels[pole] ?? pole} by ${points(delta)}`;
  };
}

function Change({ item, copy }: { item: HistoryItem; copy: AssessmentCopy }) {
  const change = readChange(item.change);
  // The API compares a result with the previous measured one; a result after only flagged ones has none.
  if (change === null) return <span className="text-sm text-slate-600">First measured result of this type</span>;
  const words = changeWords(change, scaleLabel(copy), item.test.type === "personality" ? moveOf(copy) : undefined);
  if (change.delta === 0 || change.delta === null) return <span className="text-sm text-slate-700">{words}</span>;
  return (
    <span className="text-sm text-slate-800">
      Since your previous result: <span className={change.reliable ? "font-semibold" : undefined}>{words}</span>
    </span>
  );
}

/**
 * The score cell. Personality has none (its result is the type code), nor has leadership (its
 * "score" was only the highest style, not a level), nor a result that is not a measurement. IQ
 * shows its 90% range with the estimate; EQ its overall score.
 */
function scoreOf(item: HistoryItem): string | null {
  if (item.test.type === "personality" || item.test.type === "leadership" || validityWords(item).length > 0) return null;
  const typed = readResultData(item.test.type, item.resultData);
  if (typed.type === "iq" && typed.data) {
    const { low, high } = typed.data.estimate;
    const range =
      low !== null && high !== null
        ? ` (90% range ${low}–${high})`
        : low !== null
          ? ` (at least ${low})`
          : high !== null
            ? ` (at most ${high})`
            : "";
    return `${item.score ?? ""}${range}`;
  }
  return String(item.score ?? "");
}

/** /test-history: attempts in progress (Continue) and completed results over time, newest first. */
export function TestHistory({ copy }: { copy: AssessmentCopy }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.attempts.history.queryOptions());
  const dbIssue = history.isError && isDatabaseConnectionError(history.error);

  useEffect(() => {
    if (history.isError && !isDatabaseConnectionError(history.error)) {
      toast({ description: "Failed to load test history. Please try again later.", variant: "destructive" });
    }
  }, [history.isError, history.error]);

  if (dbIssue) return <DatabaseIssue headingLevel={2} />;
  if (history.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading your assessments…
      </p>
    );
  }
  const items = history.data ?? [];
  const inProgress = items.filter((i) => !i.completedAt);
  const completed = items.filter((i) => i.completedAt);

  return (
    <div className="space-y-12">
      {inProgress.length > 0 ? (
        <section aria-labelledby="in-progress">
          <h2 id="in-progress" className="text-2xl font-semibold text-slate-900">
            In Progress
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {inProgress.map((item) => (
              <li key={item.id} className="flex flex-col rounded-xl border border-slate-200 p-5">
                <TypeBadge type={item.test.type} label={copy.typeLabels[item.test.type]} />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{item.test.title}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  Started {format(item.startedAt, "MMMM d, yyyy")} · {item.answeredCount} of {item.questionCount} answered
                </p>
                <Link
                  href={`/tests/${item.testId}`}
                  className={buttonClasses({ className: "mt-4 self-start" })}
                  aria-label={`Continue ${item.test.title}`}
                >
                  Continue
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="completed">
        <h2 id="completed" className="text-2xl font-semibold text-slate-900">
          Completed Assessments
        </h2>
        {completed.length === 0 ? (
          <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">No completed assessments yet</p>
            <p className="mt-2 text-slate-700">Take an assessment to see your results here and follow how they change over time.</p>
            <Link href="/tests" className={buttonClasses({ className: "mt-6" })}>
              Browse Assessments
            </Link>
          </div>
        ) : (
          <ul className="mt-4 space-y-4">
            {completed.map((item) => (
              <li key={item.id} className="rounded-xl border border-slate-200 p-5">
                <div className="flex flex-wrap items-center gap-3">
                  <TypeBadge type={item.test.type} label={copy.typeLabels[item.test.type]} />
                  <span className="text-sm text-slate-600">{format(item.completedAt!, "MMMM d, yyyy")}</span>
                </div>
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{item.test.title}</h3>
                <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2">
                  <div>
                    <dt className="text-xs uppercase tracking-wide text-slate-600">
                      {item.test.type === "personality" ? "Type code" : "Result"}
                    </dt>
                    <dd className="font-semibold text-slate-900">{resultHeadline({ ...item, testType: item.test.type })}</dd>
                  </div>
                  {scoreOf(item) !== null ? (
                    <div>
                      <dt className="text-xs uppercase tracking-wide text-slate-600">Score</dt>
                      <dd className="font-semibold text-slate-900 tabular-nums">{scoreOf(item)}</dd>
                    </div>
                  ) : null}
                  {/* A result that is not a measurement is compared with nothing (the API gives it no change). */}
                  {validityWords(item).length === 0 ? (
                    <div className="self-end">
                      <dt className="sr-only">Change</dt>
                      <dd>
                        <Change item={item} copy={copy} />
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {validityWords(item).map((w) => (
                  <p key={w} className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-slate-800">
                    {w}
                  </p>
                ))}
                {item.resultSummary ? <p className="mt-3 line-clamp-3 text-slate-700">{item.resultSummary.split("\n")[0]}</p> : null}
                <Link
                  href={`/test-history/${item.id}`}
                  className={buttonClasses({ variant: "outline", size: "sm", className: "mt-4" })}
                  aria-label={`View Details of ${item.test.title}, ${format(item.completedAt!, "MMMM d, yyyy")}`}
                >
                  View Details
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
