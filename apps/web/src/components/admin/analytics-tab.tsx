"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { analyticsPeriodSchema } from "@coach/validators/admin-console";
import { Button } from "@coach/ui/button";
import { inputClasses } from "@coach/ui/field";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { useTRPC } from "~/trpc/react";
import { CalibrationPanel } from "./calibration-panel";
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

const weekLabel = (week: string) =>
  `Week of ${new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;
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
  const iqTestId = data?.tests.find((t) => t.type === "iq")?.testId;

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
          <label htmlFor="analytics-from" className="block text-sm font-medium text-slate-800">
            From
          </label>
          <input
            id="analytics-from"
            type="date"
            value={period.from}
            max={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
            className={`${inputClasses} mt-1 border-slate-300`}
          />
        </div>
        <div>
          <label htmlFor="analytics-to" className="block text-sm font-medium text-slate-800">
            To
          </label>
          <input
            id="analytics-to"
            type="date"
            value={period.to}
            min={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
            className={`${inputClasses} mt-1 border-slate-300`}
          />
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

      <QueryState
        isPending={overview.isPending && parsed.success}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        loadingText="Loading analytics..."
        fallback="Failed to load analytics"
      />
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
              <Stat
                label="Appointments booked"
                value={data.totals.appointmentsBooked}
                detail={`${data.totals.appointmentsCanceled} since canceled`}
              />
              <Stat
                label="Newsletter subscribers"
                value={data.totals.subscribersGained}
                detail={`gained · ${data.totals.subscribersLost} lost`}
              />
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

          <AttendanceSection attendance={data.attendance} />

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
                description="Named only where one style is ahead of the others beyond measurement error."
                rows={data.distributions.leadership.items.map((i) => ({ primaryStyle: i.label, count: i.count }))}
                categoryKey="primaryStyle"
                categoryLabel="Primary style"
                series={[{ key: "count", label: "People", style: "solid" }]}
                empty={data.distributions.leadership.n === 0}
              />
            </div>
          </div>

          <ReliabilitySection data={data} />
          {iqTestId !== undefined ? <CalibrationPanel testId={iqTestId} /> : null}
        </div>
      ) : null}
    </section>
  );
}

type Overview = inferRouterOutputs<AppRouter>["admin"]["analytics"]["overview"];
type ScaleReliability = Overview["reliability"][number];
type Attendance = Overview["attendance"];
type AttendanceFigures = Attendance["overall"];

/** A rate only with its N and interval; below the minimum, the counts alone (a percentage of three sessions says little). */
function attendanceRate(f: AttendanceFigures, minimum: number) {
  if (f.recorded === 0) return <span className="text-slate-700">No attendance recorded</span>;
  if (f.rate === null)
    return (
      <span>
        {f.attended} of {f.recorded} attended{" "}
        <span className="text-slate-700">
          · too few for a rate ({f.recorded} of {minimum} recorded)
        </span>
      </span>
    );
  return (
    <span>
      <span className="font-semibold tabular-nums">{f.rate}%</span>{" "}
      <span className="tabular-nums">
        (90% CI {f.low}–{f.high}%, N = {f.recorded})
      </span>
    </span>
  );
}

function AttendanceRow({ label, f, minimum, total }: { label: string; f: AttendanceFigures; minimum: number; total?: boolean }) {
  return (
    <tr className={total ? "bg-slate-50 font-medium" : undefined}>
      <th scope="row" className={`px-3 py-2 ${total ? "font-medium" : "font-normal"}`}>
        {label}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{f.sessions}</td>
      <td className="px-3 py-2 text-right tabular-nums">{f.recorded}</td>
      <td className="px-3 py-2 text-right tabular-nums">{f.attended}</td>
      <td className="px-3 py-2 text-right tabular-nums">{f.noShows}</td>
      <td className="px-3 py-2">{attendanceRate(f, minimum)}</td>
    </tr>
  );
}

/** Attendance of the sessions held in the period: overall and per appointment type, and who missed sessions. */
function AttendanceSection({ attendance }: { attendance: Attendance }) {
  const { overall, byType, clientsWithNoShows, minSessions } = attendance;
  return (
    <section aria-labelledby="analytics-attendance-heading">
      <h3 id="analytics-attendance-heading" className="text-lg font-semibold text-brand-900">
        Attendance
      </h3>
      <p className="text-sm text-slate-700">
        Sessions that started in the period (canceled ones left out). The rate is attended out of the sessions whose attendance you recorded
        (N), with its 90% interval; below {minSessions} recorded sessions only the counts are shown.
      </p>
      {overall.sessions === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No sessions took place in this period.</p>
      ) : (
        <>
          <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <caption className="sr-only">Attendance by appointment type</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Appointment type
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Sessions held
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Recorded (N)
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Attended
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    No-shows
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Attendance rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {byType
                  .filter((t) => t.sessions > 0)
                  .map((t) => (
                    <AttendanceRow key={t.type} label={t.label} f={t} minimum={minSessions} />
                  ))}
              </tbody>
              <tfoot className="border-t border-slate-200">
                <AttendanceRow label="All types" f={overall} minimum={minSessions} total />
              </tfoot>
            </table>
          </div>
          {overall.sessions > overall.recorded ? (
            <p className="mt-2 text-sm text-slate-700">
              {overall.sessions - overall.recorded} of {overall.sessions} sessions have no attendance recorded yet (Appointments tab).
            </p>
          ) : null}
          {clientsWithNoShows.length > 0 ? (
            <div className="mt-3 text-sm">
              <h4 className="font-medium text-slate-900">Clients with no-shows</h4>
              <ul className="mt-1 space-y-0.5">
                {clientsWithNoShows.map((c) => (
                  <li key={c.id}>
                    <Link href={`/admin/clients/${c.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                      {c.name}
                    </Link>
                    : {c.noShows} {c.noShows === 1 ? "no-show" : "no-shows"} of {c.recorded} recorded
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

const FLAG_TEXT: Record<string, string> = {
  "low-item-rest": "barely related to the rest of the scale",
  "too-easy": "almost everyone gets it right",
  "too-hard": "almost no one gets it right",
};

function reliabilityText(r: ScaleReliability, minimum: number) {
  if (r.n < minimum)
    return (
      <span className="text-slate-700">
        Not enough people yet ({r.n} of {minimum})
      </span>
    );
  if (r.alpha === null) return <span className="text-slate-700">Not computable: everyone answered identically (n = {r.n})</span>;
  const name = r.coefficient === "kr20" ? "KR-20" : "α";
  return (
    <span>
      <span className="font-semibold tabular-nums">
        {name} = {r.alpha.toFixed(2)}
      </span>{" "}
      <span className="tabular-nums">
        ({Math.round(r.level * 100)}% CI {r.low?.toFixed(2)}–{r.high?.toFixed(2)}, n = {r.n})
      </span>{" "}
      <span className="text-slate-700">· {alphaReading(r.alpha)}</span>
    </span>
  );
}

function ItemStatistics({ r }: { r: ScaleReliability }) {
  if (r.itemStatistics.length === 0) return null;
  const flagged = r.itemStatistics.filter((i) => i.flags.length > 0).length;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">
        Item statistics ({r.itemStatistics.length} items{flagged ? `, ${flagged} flagged` : ""})
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">
          Item statistics: {r.testTitle}, {r.label}
        </caption>
        <thead className="text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3">
              #
            </th>
            <th scope="col" className="py-1 pr-3">
              Item
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              {r.coefficient === "kr20" ? "Proportion correct" : "Mean (1–5, keyed)"}
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Item–rest r
            </th>
            <th scope="col" className="py-1">
              Flag
            </th>
          </tr>
        </thead>
        <tbody>
          {r.itemStatistics.map((item) => (
            <tr key={item.questionId} className={item.flags.length ? "bg-amber-50" : undefined}>
              <td className="py-1 pr-3 tabular-nums">{item.order}</td>
              <th scope="row" className="max-w-md py-1 pr-3 font-normal">
                {item.text}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{item.mean.toFixed(2)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{item.itemRest === null ? "—" : item.itemRest.toFixed(2)}</td>
              <td className="py-1">{item.flags.map((f) => FLAG_TEXT[f] ?? f).join("; ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Reliability of every scale with its 90% interval and N, and the item statistics behind it. */
function ReliabilitySection({ data }: { data: Overview }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-brand-900">Scale reliability</h3>
      <p className="text-sm text-slate-700">
        Cronbach&apos;s alpha (KR-20 for the IQ test, whose items are right or wrong) with its 90% confidence interval, counted over people:
        the latest attempt of each person completed in the period. Shown once a scale has {data.minRespondents} people who answered all of
        its items; below that the figure is noise. Items are flagged when they barely relate to the rest of their scale (item–rest r below
        .20) or, on the IQ test, when almost everyone or almost no one gets them right.
      </p>
      {data.reliability.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No scales to report.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Scale reliability with 90% confidence intervals</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Assessment
                </th>
                <th scope="col" className="px-3 py-2">
                  Scale
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Items
                </th>
                <th scope="col" className="px-3 py-2">
                  Reliability
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {data.reliability.map((r) => (
                <tr key={`${r.testId}-${r.scale}`} className="align-top">
                  <td className="px-3 py-2">{r.testTitle}</td>
                  <th scope="row" className="px-3 py-2 font-normal">
                    {r.label}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{r.items}</td>
                  <td className="px-3 py-2">
                    {reliabilityText(r, data.minRespondents)}
                    <ItemStatistics r={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
