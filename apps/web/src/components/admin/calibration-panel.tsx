"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { QueryState } from "./console/shared";
import { LocalShortDateTime } from "~/components/time/local-time";
import { InformationCurve } from "./information-curve";

type CalibratedType = "iq" | "eq" | "leadership";

const HEADINGS: Record<CalibratedType, string> = {
  iq: "IQ test calibration",
  eq: "EQ test calibration",
  leadership: "Leadership test calibration",
};
const EXPLANATIONS: Record<CalibratedType, string> = {
  iq: "Fits each item's discrimination (a) and difficulty (b) to the first complete, measured attempt of every person who has taken the test, with the guessing floor (c) fixed at one over the number of options. Results completed afterwards are compared with these people.",
  eq: "Fits each statement's discrimination (a) and its four thresholds between answer points to the first complete, measured attempt of every person who has taken the test. Questions are then chosen and results scored with these values, and 50 becomes these people's average.",
  leadership:
    "Fits each statement's discrimination (a) and its four thresholds between answer points to the first complete, measured attempt of every person who has taken the test. Questions are then chosen and results scored with these values, and 50 becomes these people's average.",
};

/**
 * A test's calibration: who it rests on (N, date), the fitted item parameters and, for the reasoning
 * test, the information curve, with the button that fits it again from everyone's first measured attempt.
 */
export function CalibrationPanel({ testId, type }: { testId: number; type: CalibratedType }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const view = useQuery(trpc.admin.tests.calibration.queryOptions({ id: testId }));
  const calibrate = useMutation(
    trpc.admin.tests.calibrate.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.admin.tests.calibration.queryKey({ id: testId }), data);
        toast({
          title: `${HEADINGS[type].replace(/ calibration$/, "")} calibrated`,
          description: `Fitted to ${data.calibration?.n ?? 0} people.`,
        });
      },
      onError: (error) =>
        toast({ title: "Calibration not possible", description: errorMessage(error, "The calibration failed."), variant: "destructive" }),
    }),
  );
  const data = view.data;
  const calibration = data?.calibration ?? null;

  return (
    <section aria-labelledby={`calibration-heading-${type}`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`calibration-heading-${type}`} className="text-lg font-semibold text-brand-900">
        {HEADINGS[type]}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {EXPLANATIONS[type]} {data ? `Needs at least ${data.minimum.toLocaleString("en-US")} people.` : null}
      </p>
      <QueryState
        isPending={view.isPending}
        error={view.error}
        onRetry={() => void view.refetch()}
        loadingText="Loading calibration..."
        fallback="Failed to load the calibration"
      />
      {data ? (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            {/* Not offered until it can work: with too few people the server would only refuse. */}
            <Button
              onClick={() => calibrate.mutate({ id: testId })}
              loading={calibrate.isPending}
              disabled={data.people < data.minimum}
              aria-describedby={`calibration-people-${type}`}
            >
              Calibrate
            </Button>
            <p id={`calibration-people-${type}`} className="text-sm text-slate-700">
              {data.people < data.minimum
                ? `Calibration needs at least ${data.minimum} people; ${data.people} ${data.people === 1 ? "has" : "have"} taken this test, ${data.minimum - data.people} more ${data.minimum - data.people === 1 ? "is" : "are"} needed.`
                : `${data.people} people have taken this test.`}
            </p>
          </div>
          {calibration === null ? (
            <p className="mt-3 text-sm text-slate-700">Not calibrated yet: results are scored on the provisional norm.</p>
          ) : (
            <div className="mt-4 grid gap-4">
              <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm" aria-label="Active calibration">
                <div>
                  <dt className="inline text-slate-700">Calibrated on: </dt>
                  <dd className="inline font-semibold tabular-nums" data-testid="calibration-n">
                    N = {calibration.n}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-700">Date: </dt>
                  <dd className="inline font-semibold">
                    <LocalShortDateTime date={calibration.date} />
                  </dd>
                </div>
                {calibration.converged ? null : (
                  <div>
                    <dd className="text-amber-800">
                      The fit did not fully converge; calibrate again when more people have taken the test.
                    </dd>
                  </div>
                )}
              </dl>
              {calibration.information.length > 0 ? <InformationCurve information={calibration.information} /> : null}
              {/* Focusable, so a keyboard can scroll the table sideways on a phone (axe: scrollable-region-focusable). */}
              <div
                className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600"
                tabIndex={0}
                role="region"
                aria-label={`Item parameters table, ${HEADINGS[type]}`}
              >
                <table className="min-w-full text-left text-sm">
                  <caption className="mb-1 text-left font-semibold text-slate-900">Item parameters</caption>
                  <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
                    <tr>
                      <th scope="col" className="px-2 py-1">
                        #
                      </th>
                      <th scope="col" className="px-2 py-1">
                        Item
                      </th>
                      <th scope="col" className="px-2 py-1 text-right">
                        a (discrimination)
                      </th>
                      {type === "iq" ? (
                        <>
                          <th scope="col" className="px-2 py-1 text-right">
                            b (difficulty)
                          </th>
                          <th scope="col" className="px-2 py-1 text-right">
                            c (guessing)
                          </th>
                        </>
                      ) : (
                        <>
                          <th scope="col" className="px-2 py-1">
                            Scale
                          </th>
                          <th scope="col" className="px-2 py-1 text-right">
                            Thresholds
                          </th>
                        </>
                      )}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {calibration.items.map((item) => (
                      <tr key={item.questionId}>
                        <td className="px-2 py-1 tabular-nums">{item.order}</td>
                        <th scope="row" className="max-w-md truncate px-2 py-1 font-normal" title={item.text}>
                          {item.text}
                        </th>
                        <td className="px-2 py-1 text-right tabular-nums">{item.a.toFixed(2)}</td>
                        {type === "iq" ? (
                          <>
                            <td className="px-2 py-1 text-right tabular-nums">{item.b?.toFixed(2)}</td>
                            <td className="px-2 py-1 text-right tabular-nums">{item.c?.toFixed(2)}</td>
                          </>
                        ) : (
                          <>
                            <td className="px-2 py-1">{item.scale}</td>
                            <td className="px-2 py-1 text-right tabular-nums">{item.thresholds?.map((t) => t.toFixed(2)).join(" · ")}</td>
                          </>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
