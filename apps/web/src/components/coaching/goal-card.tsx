import { clsx } from "clsx";
import Link from "next/link";
import type { ReactNode } from "react";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { Day, LocalDay } from "./when";

export type GoalView = inferRouterOutputs<AppRouter>["coaching"]["portal"]["goals"][number];
type GoalScale = NonNullable<GoalView["scale"]>;

const STATUS: Record<GoalView["status"], { label: string; className: string }> = {
  active: { label: "Active", className: "border-brand-700 text-brand-800" },
  achieved: { label: "Achieved", className: "border-emerald-700 text-emerald-800" },
  dropped: { label: "Dropped", className: "border-slate-500 text-slate-700" },
};

const pct = (value: number, max: number) => (max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0);
const round = (n: number) => Math.round(n * 10) / 10;

/** The newest result after the goal was set (the points start with the baseline, which may precede it). */
const latestOf = (scale: GoalScale) => (scale.progress.latest === null ? null : (scale.progress.points.at(-1) ?? null));

/**
 * A scale goal's progress on one track: the latest score as a bar with its 90% interval as an error
 * bar, the starting point and the target as marks. The figures are its accessible name and are also
 * written out below it, so nothing depends on reading the drawing.
 */
function ProgressTrack({ scale }: { scale: GoalScale }) {
  const latestPoint = latestOf(scale);
  // The instruments' scales run 0–100; the track stretches if a figure ever lies beyond.
  const max = Math.max(100, scale.target, latestPoint?.high ?? 0, scale.baseline ?? 0);
  const aria =
    `${scale.scaleLabel}: ` +
    (latestPoint
      ? `latest ${round(latestPoint.score)} (90% range ${round(latestPoint.low)} to ${round(latestPoint.high)})`
      : "no result since the goal was set") +
    (scale.baseline !== null ? `, started at ${round(scale.baseline)}` : "") +
    `, target ${round(scale.target)}`;
  return (
    <div className="relative mt-3 h-5" role="img" aria-label={aria}>
      <div className="absolute inset-y-1 left-0 right-0 rounded-full bg-slate-200" />
      {latestPoint ? (
        <>
          <div className="absolute inset-y-1 left-0 rounded-full bg-brand-700" style={{ width: `${pct(latestPoint.score, max)}%` }} />
          {latestPoint.high > latestPoint.low ? (
            <div
              aria-hidden="true"
              className="absolute inset-y-0"
              style={{ left: `${pct(latestPoint.low, max)}%`, width: `${pct(latestPoint.high, max) - pct(latestPoint.low, max)}%` }}
            >
              <div className="absolute left-0 right-0 top-1/2 h-0.5 -translate-y-1/2 bg-slate-900" />
              <div className="absolute inset-y-0 left-0 w-0.5 bg-slate-900" />
              <div className="absolute inset-y-0 right-0 w-0.5 bg-slate-900" />
            </div>
          ) : null}
        </>
      ) : null}
      {scale.baseline !== null ? (
        <div
          aria-hidden="true"
          title="Start"
          className="absolute -inset-y-0.5 w-0.5 bg-slate-500"
          style={{ left: `${pct(scale.baseline, max)}%` }}
        />
      ) : null}
      <div
        aria-hidden="true"
        title="Target"
        className="absolute -inset-y-1 w-1 bg-accent-500"
        style={{ left: `${pct(scale.target, max)}%` }}
      />
    </div>
  );
}

function ScaleProgress({ scale, retakeHref }: { scale: GoalScale; retakeHref?: string }) {
  const { points, change } = scale.progress;
  const latestPoint = latestOf(scale);
  return (
    <div className="mt-4 rounded-md bg-slate-50 p-3">
      <p className="text-sm font-medium text-slate-900">
        {scale.scaleLabel} <span className="font-normal text-slate-700">({scale.testTitle})</span>
      </p>
      <ProgressTrack scale={scale} />
      {/* A legend keyed to the track's marks by colour, not by position: read as columns under the
          track, "Latest" seemed to label whatever mark sat above it (issue 32). */}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-slate-600">
            <span aria-hidden="true" className="inline-block h-3 w-0.5 bg-slate-500" />
            Start
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">{scale.baseline === null ? "—" : round(scale.baseline)}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-slate-600">
            <span aria-hidden="true" className="inline-block h-2 w-4 rounded-full bg-brand-700" />
            Latest
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">
            {latestPoint ? round(latestPoint.score) : "—"}
            {latestPoint ? (
              <span className="block text-xs font-normal text-slate-700">
                90% range {round(latestPoint.low)}–{round(latestPoint.high)}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-slate-600">
            <span aria-hidden="true" className="inline-block h-3 w-1 bg-accent-500" />
            Target
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">{round(scale.target)}</dd>
        </div>
      </dl>
      {change ? (
        <p className={clsx("mt-3 text-sm", change.reliable ? "font-semibold text-slate-900" : "text-slate-800")}>{change.words}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          No result since the goal was set yet.
          {retakeHref ? (
            <>
              {" "}
              <Link href={retakeHref} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                Take the {scale.testTitle} assessment again
              </Link>{" "}
              to see your progress.
            </>
          ) : null}
        </p>
      )}
      {points.length > 1 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-brand-700">Every result on this scale since the start</summary>
          <ol className="mt-2 space-y-1">
            {points.map((p) => (
              <li key={p.attemptId} className="tabular-nums text-slate-800">
                <LocalDay date={p.completedAt} />: {round(p.score)} (90% range {round(p.low)}–{round(p.high)})
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

/**
 * One goal: title, status, why it matters, the measure and target date, and for a goal tied to an
 * assessment scale its progress from the re-tests, with the change judged against measurement error.
 */
export function GoalCard({
  goal,
  viewer,
  headingLevel = 3,
  retakeHref,
  actions,
  anchor = false,
}: {
  goal: GoalView;
  /** Gives the card the id the client record's timeline links to (#goal-{id}). */
  anchor?: boolean;
  /** Who reads it: "Set by you" means the client in the portal and the coach in the client record. */
  viewer: "client" | "coach";
  headingLevel?: 3 | 4;
  /** Where the client retakes the assessment (the portal); the coach's record has none. */
  retakeHref?: string;
  actions?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const status = STATUS[goal.status];
  return (
    <article
      id={anchor ? `goal-${goal.id}` : undefined}
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`Goal: ${goal.title}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="min-w-0 break-words text-lg font-semibold text-slate-900">{goal.title}</Heading>
        <span className={clsx("shrink-0 rounded border px-1.5 text-xs font-semibold", status.className)}>{status.label}</span>
      </div>
      {goal.why ? <p className="mt-1 whitespace-pre-line break-words text-slate-700">{goal.why}</p> : null}
      <p className="mt-2 text-sm text-slate-700">
        {goal.measure ? <span className="break-words">Measure: {goal.measure}. </span> : null}
        {goal.targetDate ? (
          <span>
            Target date: <Day date={goal.targetDate} />.{" "}
          </span>
        ) : null}
        <span className="text-slate-600">
          Set by {goal.createdBy === viewer ? "you" : viewer === "client" ? "your coach" : "the client"}.
        </span>
      </p>
      {goal.scale ? <ScaleProgress scale={goal.scale} retakeHref={retakeHref} /> : null}
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
