import { percent, type Overview } from "./overview";

function Stat({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-brand-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-700">{detail}</dd> : null}
    </div>
  );
}

/** The period's totals: accounts, assessments (with the completion rate), appointments, newsletter subscribers. */
export function PeriodTotals({ totals }: { totals: Overview["totals"] }) {
  return (
    <div>
      <h3 className="sr-only">Totals for the period</h3>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Accounts created" value={totals.accountsCreated} />
        <Stat
          label="Assessments started"
          value={totals.assessmentsStarted}
          detail={`${totals.assessmentsCompleted} completed (${percent(totals.assessmentsStarted ? Math.round((totals.assessmentsCompleted / totals.assessmentsStarted) * 1000) / 10 : null)})`}
        />
        <Stat label="Appointments booked" value={totals.appointmentsBooked} detail={`${totals.appointmentsCanceled} since canceled`} />
        <Stat label="Newsletter subscribers" value={totals.subscribersGained} detail={`gained · ${totals.subscribersLost} lost`} />
      </dl>
    </div>
  );
}
