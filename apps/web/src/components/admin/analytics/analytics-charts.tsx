import { ChartFigure } from "../console/charts";
import { percent, type Overview } from "./overview";

const weekLabel = (week: string) =>
  `Week of ${new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;

/** Week by week: new accounts and newsletter subscribers, appointments booked and canceled. */
export function WeeklyCharts({ weeks }: { weeks: Overview["weeks"] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure
        title="New accounts and newsletter subscribers per week"
        description="Weeks start on Monday."
        rows={weeks.map((w) => ({ week: weekLabel(w.week), accounts: w.accounts, gained: w.gained, lost: w.lost }))}
        categoryKey="week"
        categoryLabel="Week"
        series={[
          { key: "accounts", label: "Accounts created", style: "solid" },
          { key: "gained", label: "Subscribers gained", style: "hatch" },
          { key: "lost", label: "Subscribers lost", style: "dots" },
        ]}
        empty={weeks.every((w) => w.accounts + w.gained + w.lost === 0)}
      />
      <ChartFigure
        title="Appointments booked and canceled per week"
        description="By the week the appointment was booked; canceled counts those bookings that were later canceled."
        rows={weeks.map((w) => ({ week: weekLabel(w.week), booked: w.booked, canceled: w.canceled }))}
        categoryKey="week"
        categoryLabel="Week"
        series={[
          { key: "booked", label: "Booked", style: "solid" },
          { key: "canceled", label: "Canceled", style: "hatch" },
        ]}
        empty={weeks.every((w) => w.booked === 0)}
      />
    </div>
  );
}

/** Assessments started and completed, per assessment. */
export function AssessmentUptakeChart({ tests }: { tests: Overview["tests"] }) {
  return (
    <ChartFigure
      title="Assessments started and completed"
      description="Attempts started in the period, and how many of those were completed."
      rows={tests.map((t) => ({ test: t.title, started: t.started, completed: t.completed, rate: t.completionRate }))}
      categoryKey="test"
      categoryLabel="Assessment"
      series={[
        { key: "started", label: "Started", style: "solid" },
        { key: "completed", label: "Completed", style: "hatch" },
      ]}
      extraColumns={[{ key: "rate", label: "Completion rate", format: (v) => percent(typeof v === "number" ? v : null) }]}
      footnote={
        <ul className="flex flex-wrap gap-x-4">
          {tests.map((t) => (
            <li key={t.testId}>
              {t.title}: {t.completionRate === null ? "no attempts" : `${t.completionRate}% completed`}
            </li>
          ))}
        </ul>
      }
      empty={tests.every((t) => t.started === 0)}
    />
  );
}

/** "(10 results; 2 not a measurement, left out)": flagged results are counted apart, never as scores. */
const counted = (d: { n: number; notMeasured: number }) =>
  `(${d.n} results${d.notMeasured > 0 ? `; ${d.notMeasured} not a measurement, left out` : ""})`;

/** What the completed assessments found: personality types, IQ bands, EQ averages, leadership styles. */
export function ResultCharts({ distributions }: { distributions: Overview["distributions"] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-brand-900">Results</h3>
      <p className="text-sm text-slate-700">
        Assessments completed in the period. Results flagged &quot;Not a measurement&quot; are left out.
      </p>
      <div className="mt-3 grid gap-6 lg:grid-cols-2">
        <ChartFigure
          title={`Personality types ${counted(distributions.personality)}`}
          rows={distributions.personality.items.map((i) => ({ type: i.label, count: i.count }))}
          categoryKey="type"
          categoryLabel="Type"
          series={[{ key: "count", label: "People", style: "solid" }]}
          empty={distributions.personality.n === 0}
        />
        <ChartFigure
          title={`IQ bands ${counted(distributions.iq)}`}
          rows={distributions.iq.items.map((i) => ({ band: i.label, count: i.count }))}
          categoryKey="band"
          categoryLabel="Band"
          series={[{ key: "count", label: "People", style: "solid" }]}
          empty={distributions.iq.n === 0}
        />
        <ChartFigure
          title={`Emotional intelligence: average per category ${counted(distributions.eq)}`}
          description="Scores from 0 to 100."
          rows={distributions.eq.items.map((i) => ({ category: i.label, average: i.average }))}
          categoryKey="category"
          categoryLabel="Category"
          series={[{ key: "average", label: "Average score", style: "solid" }]}
          yMax={100}
          empty={distributions.eq.n === 0}
        />
        <ChartFigure
          title={`Leadership: primary styles ${counted(distributions.leadership)}`}
          description="Named only where one style is ahead of the others beyond measurement error."
          rows={distributions.leadership.items.map((i) => ({ primaryStyle: i.label, count: i.count }))}
          categoryKey="primaryStyle"
          categoryLabel="Primary style"
          series={[{ key: "count", label: "People", style: "solid" }]}
          empty={distributions.leadership.n === 0}
        />
      </div>
    </div>
  );
}
