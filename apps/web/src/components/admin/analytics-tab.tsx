"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { analyticsPeriodSchema } from "@coach/validators/admin-console";
import { Button } from "@coach/ui/button";
import { inputClasses } from "@coach/ui/field";
import { useTRPC } from "~/trpc/react";
import { ChartFigure, ChartPatterns } from "./console/charts";
import { QueryState, SectionHeading } from "./console/shared";

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function lastDays(days: number) {
  const today = new Date();
  return { from: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: isoDay(today) };
}
const PRESETS = [
  { label: "Last 30 days", days: 30 },
  { label: "Last 90 days", days: 90 },
  { label: "Last 12 months", days: 365 },
];

const weekLabel = (week: string) => `Week of ${new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;
const percent = (v: number | null) => (v === null ? "—" : `${v}%`);

/** A reading of alpha for people who are not psychometricians (George & Mallery's rule of thumb). */
export function alphaReading(alpha: number): string {
  if (alpha >= 0.9) return "Excellent";
  if (alpha >= 0.8) return "Good";
  if (alpha >= 0.7) return "Acceptable";
  if (alpha >= 0.6) return "Questionable";
  if (alpha >= 0.5) return "Poor";
  return "Unacceptable";
}

function Stat({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-brand-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-700">{detail}</dd> : null}
    </div>
  );
}

/** The Analytics tab: what the site itself can count for a chosen period, drawn as charts with tables. */
export function AnalyticsTab() {
  const trpc = useTRPC();
  const [period, setPeriod] = useState(() => lastDays(90));
  const parsed = analyticsPeriodSchema.safeParse(period);
  const overview = useQuery({
    ...trpc.admin.analytics.overview.queryOptions(parsed.success ? parsed.data : lastDays(90)),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });
  const data = overview.data;

  return (
    <section aria-labelledby="analytics-heading">
      <ChartPatterns />
      <div id="analytics-heading">
        <SectionHeading
          title="Analytics"
          description="Conversions the site can count itself, assessment results and the reliability of each scale, for the period you choose (whole days, UTC)."
        />
      </div>
      <form onSubmit={(e) => e.preventDefault()} className="mb-6 flex flex-wrap items-end gap-4" aria-label="Analytics period">
        <div>
          <label htmlFor="analytics-from" className="block text-sm font-medium text-slate-800">From</label>
          <input id="analytics-from" type="date" value={period.from} max={period.to} onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))} className={`${inputClasses} mt-1 border-slate-300`} />
        </div>
        <div>
          <label htmlFor="analytics-to" className="block text-sm font-medium text-slate-800">To</label>
          <input id="analytics-to" type="date" value={period.to} min={period.from} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} className={`${inputClasses} mt-1 border-slate-300`} />
        </div>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <Button key={p.days} variant="outline" size="sm" onClick={() => setPeriod(lastDays(p.days))}>
              {p.label}
            </Button>
          ))}
        </div>
        {!parsed.success ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {parsed.error.issues[0]?.message}
          </p>
        ) : null}
      </form>

      <QueryState isPending={overview.isPending && parsed.success} error={overview.error} onRetry={() => void overview.refetch()} loadingText="Loading analytics..." fallback="Failed to load analytics" />
      {data ? (
        <div className="grid gap-8" aria-busy={overview.isFetching}>
          <div>
            <h3 className="sr-only">Totals for the period</h3>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Stat label="Accounts created" value={data.totals.accountsCreated} />
              <Stat
                label="Assessments started"
                value={data.totals.assessmentsStarted}
                detail={`${data.totals.assessmentsCompleted} completed (${percent(data.totals.assessmentsStarted ? Math.round((data.totals.assessmentsCompleted / data.totals.assessmentsStarted) * 1000) / 10 : null)})`}
              />
              <Stat label="Appointments booked" value={data.totals.appointmentsBooked} detail={`${data.totals.appointmentsCanceled} since canceled`} />
              <Stat label="Newsletter subscribers" value={data.totals.subscribersGained} detail={`gained · ${data.totals.subscribersLost} lost`} />
            </dl>
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <ChartFigure
              title="New accounts and newsletter subscribers per week"
              description="Weeks start on Monday."
              rows={data.weeks.map((w) => ({ week: weekLabel(w.week), accounts: w.accounts, gained: w.gained, lost: w.lost }))}
              categoryKey="week"
              categoryLabel="Week"
              series={[
                { key: "accounts", label: "Accounts created", style: "solid" },
                { key: "gained", label: "Subscribers gained", style: "hatch" },
                { key: "lost", label: "Subscribers lost", style: "dots" },
              ]}
              empty={data.weeks.every((w) => w.accounts + w.gained + w.lost === 0)}
            />
            <ChartFigure
              title="Appointments booked and canceled per week"
              description="By the week the appointment was booked; canceled counts those bookings that were later canceled."
              rows={data.weeks.map((w) => ({ week: weekLabel(w.week), booked: w.booked, canceled: w.canceled }))}
              categoryKey="week"
              categoryLabel="Week"
              series={[
                { key: "booked", label: "Booked", style: "solid" },
                { key: "canceled", label: "Canceled", style: "hatch" },
              ]}
              empty={data.weeks.every((w) => w.booked === 0)}
            />
          </div>

          <ChartFigure
            title="Assessments started and completed"
            description="Attempts started in the period, and how many of those were completed."
            rows={data.tests.map((t) => ({ test: t.title, started: t.started, completed: t.completed, rate: t.completionRate }))}
            categoryKey="test"
            categoryLabel="Assessment"
            series={[
              { key: "started", label: "Started", style: "solid" },
              { key: "completed", label: "Completed", style: "hatch" },
            ]}
            extraColumns={[{ key: "rate", label: "Completion rate", format: (v) => percent(typeof v === "number" ? v : null) }]}
            footnote={
              <ul className="flex flex-wrap gap-x-4">
                {data.tests.map((t) => (
                  <li key={t.testId}>
                    {t.title}: {t.completionRate === null ? "no attempts" : `${t.completionRate}% completed`}
                  </li>
                ))}
              </ul>
            }
            empty={data.tests.every((t) => t.started === 0)}
          />

          <div>
            <h3 className="text-lg font-semibold text-brand-900">Results</h3>
            <p className="text-sm text-slate-700">Assessments completed in the period.</p>
            <div className="mt-3 grid gap-6 lg:grid-cols-2">
              <ChartFigure
                title={`Personality types (${data.distributions.personality.n} results)`}
                rows={data.distributions.personality.items.map((i) => ({ type: i.label, count: i.count }))}
                categoryKey="type"
                categoryLabel="Type"
                series={[{ key: "count", label: "People", style: "solid" }]}
                empty={data.distributions.personality.n === 0}
              />
              <ChartFigure
                title={`IQ bands (${data.distributions.iq.n} results)`}
                rows={data.distributions.iq.items.map((i) => ({ band: i.label, count: i.count }))}
                categoryKey="band"
                categoryLabel="Band"
                series={[{ key: "count", label: "People", style: "solid" }]}
                empty={data.distributions.iq.n === 0}
              />
              <ChartFigure
                title={`Emotional intelligence: average per category (${data.distributions.eq.n} results)`}
                description="Scores from 0 to 100."
                rows={data.distributions.eq.items.map((i) => ({ category: i.label, average: i.average }))}
                categoryKey="category"
                categoryLabel="Category"
                series={[{ key: "average", label: "Average score", style: "solid" }]}
                yMax={100}
                empty={data.distributions.eq.n === 0}
              />
              <ChartFigure
                title={`Leadership: primary styles (${data.distributions.leadership.n} results)`}
                rows={data.distributions.leadership.items.map((i) => ({ style: i.label, count: i.count }))}
                categoryKey="style"
                categoryLabel="Primary style"
                series={[{ key: "count", label: "People", style: "solid" }]}
                empty={data.distributions.leadership.n === 0}
              />
            </div>
          </div>

          <div>
            <h3 className="text-lg font-semibold text-brand-900">Scale reliability</h3>
            <p className="text-sm text-slate-700">
              Cronbach&apos;s alpha from the slider answers of assessments completed in the period (reverse-worded items reversed first). Shown once a
              scale has {data.minRespondents} people who answered all of its items.
            </p>
            {data.reliability.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">No scales to report.</p>
            ) : (
              <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
                <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                  <caption className="sr-only">Scale reliability (Cronbach&apos;s alpha)</caption>
                  <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
                    <tr>
                      <th scope="col" className="px-3 py-2">Assessment</th>
                      <th scope="col" className="px-3 py-2">Scale</th>
                      <th scope="col" className="px-3 py-2 text-right">Items</th>
                      <th scope="col" className="px-3 py-2">Reliability</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 bg-white">
                    {data.reliability.map((r) => (
                      <tr key={`${r.testTitle}-${r.scale}`}>
                        <td className="px-3 py-2">{r.testTitle}</td>
                        <th scope="row" className="px-3 py-2 font-normal">{r.label}</th>
                        <td className="px-3 py-2 text-right tabular-nums">{r.items}</td>
                        <td className="px-3 py-2">
                          {r.n < data.minRespondents ? (
                            <span className="text-slate-700">
                              Not enough responses yet ({r.n} of {data.minRespondents})
                            </span>
                          ) : r.alpha === null ? (
                            <span className="text-slate-700">Not computable: everyone answered identically (n = {r.n})</span>
                          ) : (
                            <span>
                              <span className="font-semibold tabular-nums">α = {r.alpha.toFixed(2)}</span> ({alphaReading(r.alpha)}, n = {r.n})
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
