import type { AssessmentCopy, ResultLike } from "./types";

function Bar({ label, value, max = 100, detail }: { label: string; value: number; max?: number; detail?: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="tabular-nums text-slate-700">{detail ?? `${value}/100`}</span>
      </div>
      <div
        className="mt-1 h-3 overflow-hidden rounded-full bg-slate-200 print:border print:border-slate-400"
        role="img"
        aria-label={`${label}: ${detail ?? `${value} out of 100`}`}
      >
        <div className="h-full rounded-full bg-brand-700 print:bg-slate-800" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function Personality({ result, copy }: { result: ResultLike; copy: AssessmentCopy }) {
  const data = result.resultData ?? {};
  const tentative = Array.isArray(data.tentative) ? (data.tentative as string[]) : [];
  const clarity = (data.clarity ?? {}) as Record<string, number>;
  // The spec's pairs: E against I, N against S, F against T, P against J.
  const pairs: [string, string][] = [
    ["E", "I"],
    ["N", "S"],
    ["F", "T"],
    ["P", "J"],
  ];
  return (
    <div>
      <p className="text-sm font-medium uppercase tracking-wide text-slate-600">Your type</p>
      <p className="mt-1 text-4xl font-bold tracking-widest text-brand-800">{result.resultType}</p>
      <div className="mt-6 space-y-5">
        {pairs.map(([a, b]) => {
          const total = num(data[a]) + num(data[b]);
          const share = total > 0 ? Math.round((num(data[a]) / total) * 100) : 50;
          const axis = copy.personalityAxes.find((x) => [x.first, x.second].includes(a));
          const isTentative = axis ? tentative.includes(axis.key) : false;
          return (
            <div key={a}>
              <Bar
                label={`${copy.poleLabels[a]} (${a}) vs ${copy.poleLabels[b]} (${b})`}
                value={share}
                detail={`${share}% ${a} · ${100 - share}% ${b}`}
              />
              {axis ? (
                <p className="mt-1 text-xs text-slate-600">
                  Clarity {clarity[axis.key] ?? 0}%{isTentative ? " — tentative: this preference is only slight" : ""}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Iq({ result, copy }: { result: ResultLike; copy: AssessmentCopy }) {
  const data = result.resultData ?? {};
  const score = result.score ?? 0;
  const band = copy.iqBands.find((b) => b.above === null || score > b.above) ?? copy.iqBands.at(-1);
  const se = num(data.standardError);
  return (
    <div>
      <p className="text-sm font-medium uppercase tracking-wide text-slate-600">Estimated score</p>
      <p className="mt-1 text-5xl font-bold text-brand-800 tabular-nums">{score}</p>
      <p className="mt-2 text-xl font-semibold text-slate-900">{band?.label}</p>
      <p className="mt-2 text-slate-700">{band?.description}</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Correct answers</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {num(data.correctAnswers)} of {num(data.totalQuestions)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Margin of error</dt>
          <dd className="text-lg font-semibold text-slate-900">±{se} points</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Likely range</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {Math.round(score - se)}–{Math.round(score + se)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-600">
        An estimate on a scale with mean 100 and standard deviation 15, from a short online test — not a clinical IQ assessment.
      </p>
    </div>
  );
}

function Eq({ result, copy }: { result: ResultLike; copy: AssessmentCopy }) {
  const categories = ((result.resultData ?? {}).categories ?? {}) as Record<string, number>;
  return (
    <div>
      <p className="text-sm font-medium uppercase tracking-wide text-slate-600">Overall</p>
      <p className="mt-1 text-4xl font-bold text-brand-800 tabular-nums">{result.score}/100</p>
      <div className="mt-6 space-y-4">
        {copy.eqCategories.map((c) => (
          <Bar key={c.key} label={c.label} value={num(categories[c.key])} />
        ))}
      </div>
    </div>
  );
}

function Leadership({ result, copy }: { result: ResultLike; copy: AssessmentCopy }) {
  const data = result.resultData ?? {};
  const styles = (data.styles ?? {}) as Record<string, number>;
  const max = Math.max(0, ...copy.leadershipStyles.map((s) => num(styles[s.key])));
  const blends = Array.isArray(data.blends) ? (data.blends as string[]) : [];
  const label = (key: string) => copy.leadershipStyles.find((s) => s.key === key)?.label ?? key;
  return (
    <div>
      <p className="text-sm font-medium uppercase tracking-wide text-slate-600">Primary style</p>
      <p className="mt-1 text-4xl font-bold text-brand-800">{result.resultType}</p>
      {blends.length > 0 ? <p className="mt-2 text-slate-700">Blended with {blends.map(label).join(", ")}</p> : null}
      <div className="mt-6 space-y-4">
        {copy.leadershipStyles.map((s) => (
          <Bar key={s.key} label={s.label} value={num(styles[s.key])} max={max} detail={`${num(styles[s.key])}`} />
        ))}
      </div>
    </div>
  );
}

/** The result of one completed attempt, by test type, followed by its written summary. */
export function ResultDisplay({ result, copy }: { result: ResultLike; copy: AssessmentCopy }) {
  const lines = (result.resultSummary ?? "").split("\n").filter(Boolean);
  return (
    <div className="space-y-8">
      {result.testType === "personality" ? <Personality result={result} copy={copy} /> : null}
      {result.testType === "iq" ? <Iq result={result} copy={copy} /> : null}
      {result.testType === "eq" ? <Eq result={result} copy={copy} /> : null}
      {result.testType === "leadership" ? <Leadership result={result} copy={copy} /> : null}
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
