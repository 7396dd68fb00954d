"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import Link from "next/link";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { QueryState } from "~/components/admin/console/shared";
import { changeWords, readChange } from "~/components/assessments/change-words";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { ActionItemForm } from "./action-item-form";
import { GoalCard } from "./goal-card";
import { GoalForm } from "./goal-form";
import { NoteForm } from "./note-form";
import { Day, LocalDateTime, LocalDay } from "./when";

export type ClientRecordView = inferRouterOutputs<AppRouter>["admin"]["clients"]["record"];
type Appointment = ClientRecordView["appointments"][number];
type Result = ClientRecordView["results"][number];

const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
const round = (n: number) => Math.round(n * 10) / 10;

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-xl font-semibold text-brand-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const ATTENDANCE: Record<NonNullable<Appointment["attendance"]>, string> = { attended: "Attended", "no-show": "No-show" };

function AppointmentCard({
  appointment,
  editable,
  onNoteAdded,
}: {
  appointment: Appointment;
  /** false for the anonymous remains of a deleted account, which take no new notes */
  editable: boolean;
  onNoteAdded: () => void;
}) {
  const past = new Date(appointment.startTime).getTime() <= Date.now();
  return (
    <li id={`appointment-${appointment.id}`} className={clsx(CARD, "scroll-mt-24")}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {appointment.typeLabel} · <LocalDateTime date={appointment.startTime} />
        </h3>
        <p className="text-sm text-slate-700">
          <span className="capitalize">{appointment.status}</span>
          {past && appointment.status !== "canceled" ? (
            <> · Attendance: {appointment.attendance ? ATTENDANCE[appointment.attendance] : "not recorded"}</>
          ) : null}
        </p>
      </div>
      {appointment.notes.length > 0 ? (
        <ul aria-label="Session notes" className="mt-3 space-y-3">
          {appointment.notes.map((note) => (
            <li
              key={note.id}
              className={clsx("rounded-md border p-3", note.shared ? "border-brand-200 bg-brand-50" : "border-amber-300 bg-amber-50")}
            >
              <p className={clsx("text-xs font-semibold uppercase tracking-wide", note.shared ? "text-brand-800" : "text-amber-900")}>
                {note.shared ? "Shared with the client" : "Private - only you see this"}
                <span className="font-normal normal-case tracking-normal text-slate-700">
                  {" "}
                  · <LocalDay date={note.createdAt} />
                </span>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-900">{note.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Notes go on sessions that take place (the server refuses a canceled one). */}
      {editable && appointment.status !== "canceled" ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Add a note</summary>
          <NoteForm appointmentId={appointment.id} onAdded={onNoteAdded} />
        </details>
      ) : null}
    </li>
  );
}

function ResultCard({ result }: { result: Result }) {
  const change = readChange((result as { change?: unknown }).change);
  return (
    <li id={`result-${result.attemptId}`} className={clsx(CARD, "scroll-mt-24")}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{result.testTitle}</h3>
        <p className="text-sm text-slate-600">
          <LocalDay date={result.completedAt} />
        </p>
      </div>
      {result.summary ? <p className="mt-1 break-words text-sm text-slate-800">{result.summary}</p> : null}
      {result.scales.length > 0 ? (
        <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {result.scales.map((s) => (
            <li key={s.key} className="tabular-nums text-slate-800">
              {s.label}: <span className="font-semibold">{round(s.score)}</span>{" "}
              <span className="text-slate-600">
                (90% range {round(s.low)}–{round(s.high)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {change ? (
        <p className="mt-2 text-sm text-slate-700">
          Since the previous result: {changeWords(change, (key) => result.scales.find((s) => s.key === key)?.label ?? key)}
        </p>
      ) : null}
    </li>
  );
}

const KIND_LABEL: Record<ClientRecordView["timeline"][number]["kind"], string> = {
  result: "Result",
  appointment: "Session",
  note: "Note",
  goal: "Goal",
  action_item: "Action item",
};

/** The coach's record of one client (/admin/clients/{id}): everything of the engagement on one page. */
export function ClientRecord({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const record = useQuery(trpc.admin.clients.record.queryOptions({ userId }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.record.queryKey({ userId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.overdueItems.queryKey() });
  };
  const createGoal = useMutation(
    trpc.admin.clients.createGoal.mutationOptions({
      onSuccess: () => {
        toast({ title: "Goal added" });
        refresh();
      },
    }),
  );
  const updateGoal = useMutation(
    trpc.admin.clients.updateGoal.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) =>
        toast({ title: "Could not update the goal", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );

  if (!record.data) {
    return (
      <QueryState
        isPending={record.isPending}
        error={record.error}
        onRetry={() => void record.refetch()}
        loadingText="Loading the client's record..."
        fallback="Failed to load the client's record"
      />
    );
  }
  const { profile, results, appointments, goals, actionItems, timeline } = record.data;
  const name = profile.name || profile.username;
  // A deleted account's remains are kept for the figures only: nothing new is added to them.
  const editable = !profile.anonymized;
  const overdue = actionItems.filter((i) => i.overdue && !i.done);
  const latestScore = (testId: number, scaleKey: string): number | null => {
    // Results come newest first; the newest result of that test holds the starting point.
    const result = results.find((r) => r.testId === testId);
    return result?.scales.find((s) => s.key === scaleKey)?.score ?? null;
  };

  return (
    <div className="space-y-10">
      <header>
        <p className="text-sm">
          <Link href="/admin?tab=users" className="text-brand-700 underline-offset-2 hover:underline">
            ← Admin
          </Link>
        </p>
        <h1 className="mt-2 break-words text-3xl font-bold text-brand-900">{name}</h1>
        {profile.anonymized ? (
          <p className="mt-1 text-slate-700">A deleted account: what remains is anonymous and kept only for the practice&apos;s figures.</p>
        ) : null}
        <p className="mt-1 break-words text-slate-700">
          {profile.email} · {profile.role === "admin" ? "Admin" : "Client"} since <LocalDay date={profile.createdAt} />
        </p>
        {overdue.length > 0 ? (
          <p role="status" className="mt-3 inline-block rounded-md border border-red-300 bg-red-50 px-3 py-1.5 text-sm text-red-900">
            {overdue.length === 1 ? "1 action item is overdue." : `${overdue.length} action items are overdue.`}
          </p>
        ) : null}
      </header>

      <div className="grid gap-10 lg:grid-cols-2">
        <div className="min-w-0 space-y-10">
          <Section id="goals-heading" title="Goals">
            <div className="space-y-4">
              {goals.length === 0 ? <p className="text-slate-700">No goals yet.</p> : null}
              {goals.map((goal) => (
                <GoalCard
                  key={goal.id}
                  goal={goal}
                  viewer="coach"
                  anchor
                  actions={
                    !editable ? null : goal.status === "active" ? (
                      <>
                        <Button size="sm" variant="outline" onClick={() => updateGoal.mutate({ id: goal.id, status: "achieved" })}>
                          Mark achieved<span className="sr-only">: {goal.title}</span>
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => updateGoal.mutate({ id: goal.id, status: "dropped" })}>
                          Drop<span className="sr-only">: {goal.title}</span>
                        </Button>
                      </>
                    ) : (
                      <Button size="sm" variant="ghost" onClick={() => updateGoal.mutate({ id: goal.id, status: "active" })}>
                        Reopen<span className="sr-only">: {goal.title}</span>
                      </Button>
                    )
                  }
                />
              ))}
              {editable ? (
                <details className={CARD}>
                  <summary className="cursor-pointer font-medium text-brand-700">New goal</summary>
                  <div className="mt-4">
                    <GoalForm
                      submitLabel="Add goal"
                      startingPoint={latestScore}
                      onSubmit={(input) => createGoal.mutateAsync({ userId, ...input })}
                    />
                  </div>
                </details>
              ) : null}
            </div>
          </Section>

          <Section id="action-items-heading" title="Action items">
            {actionItems.length === 0 ? <p className="text-slate-700">No action items yet.</p> : null}
            {actionItems.length > 0 ? (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
                {actionItems.map((item) => (
                  <li key={item.id} id={`action-item-${item.id}`} className="scroll-mt-24 px-4 py-3">
                    <p className={clsx("break-words", item.done ? "text-slate-600 line-through" : "text-slate-900")}>
                      {item.done ? <span className="sr-only">Done: </span> : null}
                      {item.text}
                    </p>
                    <p className="mt-0.5 text-sm text-slate-700">
                      {item.overdue && !item.done ? (
                        <span className="mr-1 inline-block rounded border border-red-700 px-1.5 text-xs font-semibold text-red-800">
                          Overdue
                        </span>
                      ) : null}
                      {item.dueDate ? (
                        <>
                          Due <Day date={item.dueDate} />
                        </>
                      ) : (
                        "No due date"
                      )}
                      {item.goalTitle ? <> · Goal: {item.goalTitle}</> : null}
                      {item.done && item.doneAt ? (
                        <>
                          {" "}
                          · Done <LocalDay date={item.doneAt} />
                        </>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            ) : null}
            {editable ? (
              <details className={clsx(CARD, "mt-4")}>
                <summary className="cursor-pointer font-medium text-brand-700">New action item</summary>
                <div className="mt-4">
                  <ActionItemForm userId={userId} goals={goals} appointments={appointments} onCreated={refresh} />
                </div>
              </details>
            ) : null}
          </Section>

          <Section
            id="appointments-heading"
            title="Appointments and session notes"
            description="Shared notes appear in the client's portal. Private notes are stored encrypted and only you ever see them."
          >
            {appointments.length === 0 ? (
              <p className="text-slate-700">No appointments yet.</p>
            ) : (
              <ul className="space-y-4">
                {appointments.map((a) => (
                  <AppointmentCard key={a.id} appointment={a} editable={editable} onNoteAdded={refresh} />
                ))}
              </ul>
            )}
          </Section>
        </div>

        <div className="min-w-0 space-y-10">
          <Section id="results-heading" title="Assessment results" description="Newest first, each scale with its 90% range.">
            {results.length === 0 ? (
              <p className="text-slate-700">No completed assessments yet.</p>
            ) : (
              <ul className="space-y-4">
                {results.map((r) => (
                  <ResultCard key={r.attemptId} result={r} />
                ))}
              </ul>
            )}
          </Section>

          <Section id="timeline-heading" title="Timeline">
            {timeline.length === 0 ? (
              <p className="text-slate-700">Nothing yet.</p>
            ) : (
              <ol className="relative space-y-3 border-l border-slate-200 pl-4">
                {timeline.map((entry, index) => (
                  <li key={index} className="text-sm">
                    <p className="text-slate-600">
                      <LocalDay date={entry.at} /> · {KIND_LABEL[entry.kind]}
                    </p>
                    <p className="break-words text-slate-900">
                      {entry.href ? (
                        <Link href={entry.href} className="text-brand-700 underline-offset-2 hover:underline">
                          {entry.title}
                        </Link>
                      ) : (
                        entry.title
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
