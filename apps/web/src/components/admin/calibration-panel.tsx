"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { QueryState } from "./console/shared";
import { LocalShortDateTime } from "~/components/time/local-time";

const INK = "#0c1f3a";

/**
 * The IQ test's calibration: who it rests on (N, date), the fitted item parameters and the test
 * information curve, with the button that fits it again from everyone's latest attempt.
 */
export function CalibrationPanel({ testId }: { testId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const view = useQuery(trpc.admin.tests.calibration.queryOptions({ id: testId }));
  const calibrate = useMutation(
    trpc.admin.tests.calibrate.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.admin.tests.calibration.queryKey({ id: testId }), data);
        toast({ title: "IQ test calibrated", description: `Fitted to ${data.calibration?.n ?? 0} people.` });
      },
      onError: (error) =>
        toast({ title: "Calibration not possible", description: errorMessage(error, "The calibration failed."), variant: "destructive" }),
    }),
  );
  const data = view.data;
  const calibration = data?.calibration ?? null;

  return (
    <section aria-labelledby="calibration-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="calibration-heading" className="text-lg font-semibold text-brand-900">
        IQ test calibration
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Fits each item&apos;s discrimination (a) and difficulty (b) to the latest attempt of every person who has taken the test, with the
        guessing floor (c) fixed at one over the number of options. Results completed afterwards are compared with these people. Needs at
        least {data?.minimum ?? 200} people.
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
              aria-describedby="calibration-people"
            >
              Calibrate
            </Button>
            <p id="calibration-people" className="text-sm text-slate-700">
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
              <figure>
                <figcaption className="font-semibold text-slate-900">Test information curve</figcaption>
                <p className="text-sm text-slate-700">
                  How precisely the test measures at each IQ level; the standard error is 15 / √information. Low information at the ends is
                  why intervals there are wide.
                </p>
                <div
                  role="img"
                  aria-label={`Test information: ${calibration.information.map((p) => `IQ ${p.iq}: ${p.information.toFixed(1)}`).join(", ")}`}
                  className="mt-2"
                  style={{ height: 240 }}
                  data-testid="information-curve"
                >
                  <ResponsiveContainer width="100%" height="100%">
                    <LineChart
                      data={calibration.information}
                      margin={{ top: 12, right: 16, left: 0, bottom: 4 }}
                      accessibilityLayer={false}
                    >
                      <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
                      <XAxis dataKey="iq" tick={{ fill: INK, fontSize: 12 }} />
                      <YAxis tick={{ fill: INK, fontSize: 12 }} width={40} />
                      <Tooltip
                        formatter={(value) => (typeof value === "number" ? value.toFixed(2) : String(value))}
                        labelFormatter={(iq) => `IQ ${iq}`}
                      />
                      <Line dataKey="information" name="Information" stroke={INK} strokeWidth={2} dot={false} isAnimationActive={false} />
                    </LineChart>
                  </ResponsiveContainer>
                </div>
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer font-medium text-brand-700">Show as table</summary>
                  <table className="mt-2 text-left">
                    <caption className="sr-only">Test information by IQ</caption>
                    <thead>
                      <tr>
                        <th scope="col" className="pr-4">
                          IQ
                        </th>
                        <th scope="col" className="pr-4 text-right">
                          Information
                        </th>
                        <th scope="col" className="text-right">
                          Standard error
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {calibration.information.map((p) => (
                        <tr key={p.iq}>
                          <th scope="row" className="pr-4 font-normal">
                            {p.iq}
                          </th>
                          <td className="pr-4 text-right tabular-nums">{p.information.toFixed(2)}</td>
                          <td className="text-right tabular-nums">{p.se.toFixed(1)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </figure>
              {/* Focusable, so a keyboard can scroll the table sideways on a phone (axe: scrollable-region-focusable). */}
              <div
                className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600"
                tabIndex={0}
                role="region"
                aria-label="Item parameters table"
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
                      <th scope="col" className="px-2 py-1 text-right">
                        b (difficulty)
                      </th>
                      <th scope="col" className="px-2 py-1 text-right">
                        c (guessing)
                      </th>
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
                        <td className="px-2 py-1 text-right tabular-nums">{item.b.toFixed(2)}</td>
                        <td className="px-2 py-1 text-right tabular-nums">{item.c.toFixed(2)}</td>
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
