import Link from "next/link";
import { buttonClasses } from "@coach/ui/button";
import { DEBRIEF_PATH, resultView, summaryLines, type IqStrip, type ScaleRow } from "./result-view";
import { barScale } from "./result-words";
import type { AssessmentCopy, ResultLike } from "./types";

export const METHODOLOGY_PATH = "/assessments/methodology";

const pct = (value: number, max: number) => (max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0);

/**
 * A bar with its 90% interval drawn as an error bar (a line with end caps). Plain HTML rather than a
 * chart library: it renders on the server, prints exactly as shown and carries its figures as an
 * accessible name. Every bar of a result shares `scaleMax` (barScale), so their lengths compare.
 */
function IntervalBar({ row, scaleMax }: { row: ScaleRow; scaleMax: number }) {
  const track = pct(row.max, scaleMax);
  const low = pct(row.low, scaleMax);
  const high = pct(row.high, scaleMax);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
        <span className="font-medium text-slate-900">{row.label}</span>
        <span className="tabular-nums text-slate-700">{row.detail}</span>
      </div>
      <div className="relative mt-1 h-4" role="img" aria-label={row.aria}>
        <div
          className="absolute inset-y-0.5 left-0 rounded-full bg-slate-200 print:border print:border-slate-400"
          style={{ width: `${track}%` }}
        />
        <div className="absolute inset-y-0.5 left-0 rounded-full bg-brand-700" style={{ width: `${pct(row.value, scaleMax)}%` }} />
        {row.high > row.low ? (
          <div
            aria-hidden="true"
            data-testid="error-bar"
            className="absolute inset-y-0"
            style={{ left: `${low}%`, width: `${Math.max(0, high - low)}%` }}
          >
            <div className="absolute left-0 right-0 top-1/2 h-0.5 -translate-y-1/2 bg-slate-900" />
            <div className="absolute inset-y-0 left-0 w-0.5 bg-slate-900" />
            <div className="absolute inset-y-0 right-0 w-0.5 bg-slate-900" />
          </div>
        ) : null}
      </div>
      {row.note ? <p className="mt-1 text-xs text-slate-700">{row.note}</p> : null}
    </div>
  );
}

const IQ_MIN = 55;
const IQ_MAX = 145;

/** The IQ estimate as a point on a 55–145 strip with its 90% range; an open end has an arrow. */
function IqRange({ iq }: { iq: IqStrip }) {
  const at = (x: number) => pct(Math.min(IQ_MAX, Math.max(IQ_MIN, x)) - IQ_MIN, IQ_MAX - IQ_MIN);
  const from = iq.low === null ? 0 : at(iq.low);
  const to = iq.high === null ? 100 : at(iq.high);
  return (
    <div className="mt-6">
      <div className="relative h-8" role="img" aria-label={iq.aria}>
        <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-slate-200 print:border print:border-slate-400" />
        <div aria-hidden="true" data-testid="error-bar" className="absolute inset-y-1" style={{ left: `${from}%`, width: `${to - from}%` }}>
          <div className="absolute left-0 right-0 top-1/2 h-0.5 -translate-y-1/2 bg-slate-900" />
          {iq.low !== null ? <div className="absolute inset-y-0 left-0 w-0.5 bg-slate-900" /> : null}
          {iq.high !== null ? <div className="absolute inset-y-0 right-0 w-0.5 bg-slate-900" /> : null}
        </div>
        <div
          aria-hidden="true"
          className="absolute top-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-700"
          style={{ left: `${at(iq.score)}%` }}
        />
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs tabular-nums text-slate-600">
        {[55, 70, 85, 100, 115, 130, 145].map((t) => (
          <span key={t}>{t}</span>
        ))}
      </div>
    </div>
  );
}

/** The result of one completed attempt: headline, verdicts, scales with intervals, notes, then its written summary. */
export function ResultDisplay({ result, copy }: { result: ResultLike; copy: AssessmentCopy }) {
  const view = resultView(result, copy);
  const lines = summaryLines(result);
  return (
    <div className="space-y-8 result-print">
      <div>
        <p className="text-sm font-medium uppercase tracking-wide text-slate-600">{view.headlineLabel}</p>
        <p
          className={`mt-1 font-bold text-brand-800 ${result.testType === "personality" ? "text-4xl tracking-widest" : result.testType === "iq" && view.headline.length < 4 ? "text-5xl tabular-nums" : "text-3xl"}`}
        >
          {view.headline}
        </p>
        {view.subline ? <p className="mt-2 text-xl font-semibold text-slate-900">{view.subline}</p> : null}
        {view.verdicts.length > 0 ? (
          <ul className="mt-3 space-y-1 text-slate-800" aria-label="Verdict">
            {view.verdicts.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        ) : null}
        {view.iq ? <IqRange iq={view.iq} /> : null}
      </div>

      {view.actions.length > 0 ? (
        <section aria-labelledby="result-actions" className="space-y-3">
          <h3 id="result-actions" className="text-lg font-semibold text-slate-900">
            What to do with it
          </h3>
          {view.actions.map((a) => (
            <div key={a.title} className="rounded-lg bg-slate-50 p-4">
              <h4 className="font-semibold text-slate-900">{a.title}</h4>
              <p className="mt-1 text-slate-800">{a.text}</p>
            </div>
          ))}
        </section>
      ) : null}

      {view.facts.length > 0 ? (
        <dl className="grid gap-4 sm:grid-cols-3">
          {view.facts.map((f) => (
            <div key={f.label} className="rounded-lg bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">{f.label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {view.scales.length > 0 ? (
        <div className="space-y-5">
          {view.scales.map((row) => (
            <IntervalBar key={row.key} row={row} scaleMax={barScale(view.scales)} />
          ))}
          <p className="flex items-center gap-2 text-xs text-slate-600">
            <svg aria-hidden="true" width="24" height="12" viewBox="0 0 24 12" className="text-slate-900">
              <path d="M1 0v12M23 0v12M1 6h22" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
            90% range (measurement error)
          </p>
        </div>
      ) : null}

      {view.quality.length > 0 ? (
        <section aria-labelledby="result-quality" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h3 id="result-quality" className="font-semibold text-slate-900">
            About this response pattern
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {view.quality.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="text-sm text-slate-700">
        {view.normNote}{" "}
        <Link href={METHODOLOGY_PATH} className="font-medium text-brand-800 underline underline-offset-2">
          How these results are measured
        </Link>
      </p>

      <div className="no-print rounded-lg border border-brand-200 p-5">
        <p className="text-slate-800">Talk this result through with your coach: what it means for you and what to try first.</p>
        <Link href={DEBRIEF_PATH} className={buttonClasses({ className: "mt-3" })}>
          Book a debrief
        </Link>
      </div>

      {lines.length > 0 ? (
        <section aria-labelledby="result-summary" className="rounded-lg border border-slate-200 p-5">
          <h3 id="result-summary" className="text-lg font-semibold text-slate-900">
            Summary
          </h3>
          <div className="mt-2 space-y-2 text-slate-700">
            {lines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The result pages' print stylesheet: the site chrome and the buttons go, colours that carry
 * meaning (bars, error bars) are kept, and a scale is never split across two pages.
 */
export function ResultPrintStyles() {
  return (
    <style>{`@media print {
  header, footer, nav, .no-print, [aria-label="Notifications"] { display: none !important; }
  body { background: #fff !important; color: #000 !important; }
  main { padding: 0 !important; }
  .result-print, .result-print * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .result-print [role="img"], .result-print section { break-inside: avoid; }
  .result-print a { color: #000 !important; }
  @page { margin: 16mm; }
}`}</style>
  );
}
