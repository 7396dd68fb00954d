"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { analyticsPeriodSchema } from "@coach/validators/admin-console";
import { useTRPC } from "~/trpc/react";
import { CalibrationPanel } from "../calibration-panel";
import { ChartPatterns } from "../console/charts";
import { QueryState, SectionHeading } from "../console/shared";
import { AssessmentUptakeChart, ResultCharts, WeeklyCharts } from "./analytics-charts";
import { AttendanceSection } from "./attendance-section";
import { PeriodForm, lastDays } from "./period-form";
import { PeriodTotals } from "./period-totals";
import { ReliabilitySection } from "./reliability-section";

const CALIBRATED = ["iq", "eq", "leadership"] as const;

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
  // The tests the app calibrates (decision 58); personality keeps the balance point its statements were written around.
  const calibrated = (data?.tests ?? []).flatMap((t) => {
    const type = CALIBRATED.find((c) => c === t.type);
    return type ? [{ testId: t.testId, type }] : [];
  });

  return (
    <section aria-labelledby="analytics-heading">
      <ChartPatterns />
      <div id="analytics-heading">
        <SectionHeading
          title="Analytics"
          description="Conversions the site can count itself, assessment results and the reliability of each scale, for the period you choose (whole days, UTC)."
        />
      </div>
      <PeriodForm period={period} onPeriod={setPeriod} problem={parsed.success ? null : (parsed.error.issues[0]?.message ?? "")} />

      <QueryState
        isPending={overview.isPending && parsed.success}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        loadingText="Loading analytics..."
        fallback="Failed to load analytics"
      />
      {data ? (
        <div className="grid gap-8" aria-busy={overview.isFetching}>
          <PeriodTotals totals={data.totals} />
          <WeeklyCharts weeks={data.weeks} />
          <AttendanceSection attendance={data.attendance} />
          <AssessmentUptakeChart tests={data.tests} />
          <ResultCharts distributions={data.distributions} />
          <ReliabilitySection data={data} />
          {calibrated.map((t) => (
            <CalibrationPanel key={t.testId} testId={t.testId} type={t.type} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
