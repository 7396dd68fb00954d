"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@coach/ui/button";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { toast } from "@coach/ui/toast";
import { DB_ISSUE_TEXT, DB_ISSUE_TITLE, errorMessage, isDatabaseConnectionError } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { MaybeLocalShortDateTime } from "~/components/time/local-time";
import { AttemptFilters, NO_FILTERS, TYPE_LABELS, filterInput, type AttemptFilterState } from "./attempts/attempt-filters";
import { ScaleScores } from "./attempts/scale-scores";
import { NOT_A_MEASUREMENT, invalidatingFlags } from "@coach/assessments/results";
import { useDebounced } from "./console/shared";
import { saveCsv } from "~/lib/save-file";

type Person = { username: string; firstName: string | null; lastName: string | null };
const nameOf = (u: Person) => [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username;

function DbIssue() {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h3 className="text-lg font-semibold text-amber-900">{DB_ISSUE_TITLE}</h3>
      <p className="mt-2 text-amber-900">{DB_ISSUE_TEXT}</p>
      <p className="mt-1 text-sm text-amber-900">If the problem persists, please contact technical support.</p>
    </div>
  );
}

function AttemptDetail({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.admin.attempts.byId.queryOptions({ id }));
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.admin.attempts.delete.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        toast({ title: "Test attempt deleted" });
        queryClient.removeQueries({ queryKey: trpc.admin.attempts.byId.queryKey({ id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.attempts.list.queryKey() });
        onDeleted();
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: "Failed to delete test attempt", description: errorMessage(error, "An error occurred"), variant: "destructive" });
      },
    }),
  );

  useEffect(() => {
    if (detail.isError && !isDatabaseConnectionError(detail.error)) {
      toast({ description: "Failed to load attempt details", variant: "destructive" });
    }
  }, [detail.isError, detail.error]);

  if (detail.isError) {
    return isDatabaseConnectionError(detail.error) ? <DbIssue /> : <p className="text-slate-700">Error loading attempt details.</p>;
  }
  if (detail.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading attempt details…
      </p>
    );
  }
  const { attempt, user, test, responses, scales } = detail.data;
  const summary = (attempt.resultSummary ?? "").split("\n").filter(Boolean);
  // A flagged result is "Not a measurement" here as everywhere: no band, score or scales (the answers stay below).
  const invalid = invalidatingFlags(attempt.resultData).length > 0;

  return (
    <article aria-labelledby="attempt-detail-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id="attempt-detail-title" className="text-xl font-semibold text-slate-900">
            {test.title}
          </h3>
          <p className="mt-1 text-slate-700">
            <Link href={`/admin/clients/${user.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {nameOf(user)}
            </Link>{" "}
            · {user.username} · {user.email}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Completed <MaybeLocalShortDateTime date={attempt.completedAt} empty="In progress" />
          </p>
        </div>
        <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>

      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Result</dt>
          <dd className="text-lg font-semibold text-slate-900">{invalid ? NOT_A_MEASUREMENT : (attempt.resultType ?? "—")}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">Score</dt>
          <dd className="text-lg font-semibold text-slate-900">{invalid ? "—" : (attempt.score ?? "—")}</dd>
        </div>
      </dl>

      {summary.length > 0 ? (
        <div className={clsx("space-y-2 text-slate-700", invalid && "rounded-md border border-amber-300 bg-amber-50 p-3")}>
          {summary.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      ) : null}

      {invalid ? null : <ScaleScores scales={scales} />}

      <div>
        <h4 className="text-lg font-semibold text-slate-900">Responses</h4>
        {responses.length === 0 ? (
          <p className="mt-2 text-slate-700">No responses were saved for this attempt.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Responses">
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    #
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Question
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Answer
                  </th>
                  <th scope="col" className="py-2">
                    Correct answer
                  </th>
                </tr>
              </thead>
              <tbody>
                {responses.map((r) => {
                  const keyed = r.question.correctAnswer !== null;
                  const right = keyed && r.answer === r.question.correctAnswer;
                  return (
                    <tr key={r.id} className="border-b border-slate-100 align-top">
                      <td className="py-2 pr-3 tabular-nums text-slate-600">{r.question.order}</td>
                      <td className="py-2 pr-3 text-slate-900">{r.question.text}</td>
                      <td className="py-2 pr-3">
                        <span className={clsx(keyed && (right ? "text-emerald-800" : "text-red-800"), "font-medium")}>{r.answer}</span>
                        {keyed ? <span className="sr-only">{right ? " (correct)" : " (incorrect)"}</span> : null}
                        {keyed ? (
                          <span aria-hidden="true" className={right ? "text-emerald-800" : "text-red-800"}>
                            {right ? " ✓" : " ✗"}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-2 text-slate-700">{r.question.correctAnswer ?? "—"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ id })}
        title="Delete this test attempt?"
        description={`${nameOf(user)}'s ${test.title} attempt and all of its responses will be permanently deleted.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        destructive
        loading={remove.isPending}
      />
    </article>
  );
}

/**
 * The coach's review of completed attempts: filters (test, person, period; applied on the server),
 * the list on the left (max 600px), the selected attempt with its scale scores on the right, CSV export.
 */
export function TestAttemptsTab() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<AttemptFilterState>(NO_FILTERS);
  const person = useDebounced(filters.person.trim());
  const input = filterInput(filters, person);
  const list = useQuery({ ...trpc.admin.attempts.list.queryOptions(input), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number | null>(null);
  const exportCsv = useMutation(
    trpc.admin.attempts.exportCsv.mutationOptions({
      onSuccess: ({ csv, filename }) => saveCsv(csv, filename),
      onError: (error) => toast({ title: "Export failed", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );

  useEffect(() => {
    if (list.isError && !isDatabaseConnectionError(list.error)) {
      toast({ description: "Failed to load test attempts. Please try again later.", variant: "destructive" });
    }
  }, [list.isError, list.error]);

  if (list.isError && isDatabaseConnectionError(list.error)) return <DbIssue />;

  const attempts = list.data ?? [];
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Completed test attempts</h2>
        <Button variant="outline" size="sm" onClick={() => exportCsv.mutate(undefined)} loading={exportCsv.isPending}>
          Export CSV
        </Button>
      </div>
      <AttemptFilters value={filters} onChange={setFilters} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="max-h-[600px] overflow-y-auto rounded-lg border border-slate-200" data-testid="attempts-list">
          {list.isError && !list.data ? (
            <p role="alert" className="p-4 text-red-800">
              {errorMessage(list.error, "Failed to load test attempts.")}
            </p>
          ) : list.isPending ? (
            <p role="status" className="p-4 text-slate-700">
              Loading test attempts…
            </p>
          ) : attempts.length === 0 ? (
            <p className="p-4 text-slate-700">{input ? "No completed attempts match these filters." : "No completed test attempts yet."}</p>
          ) : (
            <ul aria-label="Completed test attempts" className="divide-y divide-slate-200">
              {attempts.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    aria-current={selected === a.id ? "true" : undefined}
                    onClick={() => setSelected(a.id)}
                    className={clsx(
                      "block w-full px-4 py-3 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600",
                      selected === a.id && "bg-brand-50",
                    )}
                  >
                    <span className="block font-medium text-slate-900">{nameOf(a.user)}</span>
                    <span className="block text-sm text-slate-700">
                      {a.test.title} · {TYPE_LABELS[a.test.type] ?? a.test.type}
                    </span>
                    <span className="block text-xs text-slate-600">
                      <MaybeLocalShortDateTime date={a.completedAt} empty="In progress" />
                      {a.invalidFlags.length > 0 ? ` · ${NOT_A_MEASUREMENT}` : a.resultType ? ` · ${a.resultType}` : ""}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="rounded-lg border border-slate-200 p-5">
          {selected === null ? (
            <p className="text-slate-700">Select an attempt to see its responses.</p>
          ) : (
            <AttemptDetail key={selected} id={selected} onDeleted={() => setSelected(null)} />
          )}
        </div>
      </div>
    </div>
  );
}
