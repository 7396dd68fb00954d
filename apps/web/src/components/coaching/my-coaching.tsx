"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import Link from "next/link";
import { useState } from "react";
import type { AppRouter, inferRouterOutputs } from "@coach/api";
import { Button, buttonClasses } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { DatabaseIssue } from "~/components/database-issue";
import { errorMessage, isDatabaseConnectionError } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { GoalCard } from "./goal-card";
import { GoalForm } from "./goal-form";
import { Day, LocalDateTime, LocalDay } from "./when";

type Portal = inferRouterOutputs<AppRouter>["coaching"]["portal"];
type ActionItem = Portal["actionItems"][number];

const SECTION = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

function Section({ id, title, children, aside }: { id: string; title: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-brand-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function NextSession({ portal }: { portal: Portal }) {
  const next = portal.nextAppointment;
  return (
    <div className={SECTION}>
      {next ? (
        <>
          <p className="text-sm font-medium uppercase tracking-wide text-slate-600">{next.typeLabel}</p>
          <p className="mt-1 text-lg font-semibold text-slate-900">
            <LocalDateTime date={next.startTime} />
          </p>
          <p className="mt-1 text-sm text-slate-700">
            <Link href="/appointments?tab=mine" className={LINK}>
              Reschedule or cancel in My Appointments
            </Link>
          </p>
        </>
      ) : (
        <p className="text-slate-700">You have no session booked.</p>
      )}
      <Link href={portal.bookUrl} className={buttonClasses({ className: "mt-4" })}>
        Book your next session
      </Link>
    </div>
  );
}

/** One action item with a checkbox; ticking it saves at once (and says so if it could not). */
function ActionItemRow({ item, pending, onToggle }: { item: ActionItem; pending: boolean; onToggle: (done: boolean) => void }) {
  const id = `action-item-${item.id}`;
  // The tick shows in the same frame as the click; the query's optimistic update arrives a task later
  // (react-query notifies on a timer), and a controlled checkbox would snap back meanwhile.
  const [checked, setChecked] = useState(item.done);
  const [shown, setShown] = useState(item.done);
  if (shown !== item.done) {
    setShown(item.done);
    setChecked(item.done);
  }
  return (
    <li className="flex gap-3 py-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={pending}
        onChange={(e) => {
          setChecked(e.target.checked);
          onToggle(e.target.checked);
        }}
        className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
      />
      <div className="min-w-0">
        <label htmlFor={id} className={clsx("block break-words", item.done ? "text-slate-600 line-through" : "text-slate-900")}>
          {item.text}
        </label>
        <p className="mt-0.5 text-sm text-slate-700">
          {item.dueDate ? (
            <span className={item.overdue && !item.done ? "font-semibold text-red-800" : undefined}>
              {item.overdue && !item.done ? "Overdue — was due " : "Due "}
              <Day date={item.dueDate} />
            </span>
          ) : (
            "No due date"
          )}
          {item.goalTitle ? <span> · Goal: {item.goalTitle}</span> : null}
          {item.done && item.doneAt ? (
            <span>
              {" "}
              · Done <LocalDay date={item.doneAt} />
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

function ActionItems({ items }: { items: ActionItem[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const portalKey = trpc.coaching.portal.queryKey();
  // An item ticked (or unticked) during this visit stays where it was, so nothing jumps away under the finger.
  const [pinned, setPinned] = useState<ReadonlyMap<number, boolean>>(new Map());
  const setDone = useMutation(
    trpc.coaching.setActionItemDone.mutationOptions({
      // Shown at once; put back if the server refuses.
      onMutate: async ({ id, done }) => {
        await queryClient.cancelQueries({ queryKey: portalKey });
        const previous = queryClient.getQueryData(portalKey);
        queryClient.setQueryData(portalKey, (old) =>
          old
            ? { ...old, actionItems: old.actionItems.map((i) => (i.id === id ? { ...i, done, doneAt: done ? new Date() : null } : i)) }
            : old,
        );
        return { previous };
      },
      onSuccess: (_result, { done }) => toast({ title: done ? "Action item done" : "Action item reopened" }),
      onError: (error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(portalKey, context.previous);
        toast({ title: "Could not save", description: errorMessage(error, "Please try again."), variant: "destructive" });
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: portalKey }),
    }),
  );
  const inOpenList = (i: ActionItem) => pinned.get(i.id) ?? !i.done;
  const open = items.filter(inOpenList);
  const done = items.filter((i) => !inOpenList(i));
  const row = (item: ActionItem) => (
    <ActionItemRow
      key={item.id}
      item={item}
      pending={setDone.isPending && setDone.variables.id === item.id}
      onToggle={(value) => {
        if (!pinned.has(item.id)) setPinned(new Map(pinned).set(item.id, !item.done));
        setDone.mutate({ id: item.id, done: value });
      }}
    />
  );
  return (
    <div className={SECTION}>
      {open.length === 0 ? (
        <p className="text-slate-700">{items.length === 0 ? "No action items yet." : "All done: nothing open."}</p>
      ) : (
        <ul aria-label="Open action items" className="divide-y divide-slate-100">
          {open.map(row)}
        </ul>
      )}
      {done.length > 0 ? (
        <details className="mt-3 border-t border-slate-100 pt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Done ({done.length})</summary>
          <ul aria-label="Done action items" className="divide-y divide-slate-100">
            {done.map(row)}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function Goals({ goals }: { goals: Portal["goals"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.coaching.updateGoal.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.coaching.portal.queryKey() }),
      onError: (error) =>
        toast({ title: "Could not update the goal", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );
  const create = useMutation(
    trpc.coaching.createGoal.mutationOptions({
      onSuccess: () => {
        toast({ title: "Goal added" });
        void queryClient.invalidateQueries({ queryKey: trpc.coaching.portal.queryKey() });
      },
    }),
  );
  return (
    <div className="space-y-4">
      {goals.length === 0 ? <p className={clsx(SECTION, "text-slate-700")}>No goals yet. Your coach will set them with you.</p> : null}
      {goals.map((goal) => (
        <GoalCard
          key={goal.id}
          goal={goal}
          viewer="client"
          retakeHref={goal.scale ? `/tests/${goal.scale.testId}` : undefined}
          actions={
            // The client decides about the goals they set themselves; the coach's goals change in a session.
            goal.createdBy === "client" && goal.status === "active" ? (
              <>
                <Button size="sm" variant="outline" onClick={() => update.mutate({ id: goal.id, status: "achieved" })}>
                  Mark achieved
                </Button>
                <Button size="sm" variant="ghost" onClick={() => update.mutate({ id: goal.id, status: "dropped" })}>
                  Drop this goal
                </Button>
              </>
            ) : null
          }
        />
      ))}
      <details className={SECTION}>
        <summary className="cursor-pointer font-medium text-brand-700">Add a goal of your own</summary>
        <div className="mt-4">
          <GoalForm submitLabel="Add goal" onSubmit={(values) => create.mutateAsync(values)} />
        </div>
      </details>
    </div>
  );
}

function SharedNotes({ notes }: { notes: Portal["sharedNotes"] }) {
  if (notes.length === 0) return <p className={clsx(SECTION, "text-slate-700")}>Notes your coach shares after a session appear here.</p>;
  return (
    <ol className="space-y-4">
      {notes.map((note) => (
        <li key={note.id} className={SECTION}>
          <p className="text-sm font-medium text-slate-600">
            Session of <LocalDay date={note.appointmentStart} />
          </p>
          <p className="mt-2 whitespace-pre-line break-words text-slate-900">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}

function LatestResults({ results }: { results: Portal["latestResults"] }) {
  if (results.length === 0) {
    return (
      <p className={clsx(SECTION, "text-slate-700")}>
        No assessment results yet.{" "}
        <Link href="/tests" className={LINK}>
          Take an assessment
        </Link>
        .
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {results.map((r) => (
        <li key={r.attemptId} className={SECTION}>
          <h3 className="font-semibold text-slate-900">{r.testTitle}</h3>
          <p className="text-sm text-slate-600">
            <LocalDay date={r.completedAt} />
          </p>
          {r.summary ? <p className="mt-2 break-words text-sm text-slate-800">{r.summary}</p> : null}
          <Link href={`/test-history/${r.attemptId}`} className={clsx(LINK, "mt-2 inline-block text-sm")}>
            View details<span className="sr-only"> of {r.testTitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /my-coaching: the client's side of the engagement. One column on a phone, two from lg up; the
 * things to do (next session, open action items) come first.
 */
export function MyCoaching() {
  const trpc = useTRPC();
  const portal = useQuery(trpc.coaching.portal.queryOptions());

  if (portal.isError) {
    return isDatabaseConnectionError(portal.error) ? (
      <DatabaseIssue headingLevel={2} />
    ) : (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>We couldn&apos;t load your coaching space. Please try again later.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void portal.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (portal.isPending) {
    return (
      <p role="status" className="py-8 text-center text-slate-700">
        Loading your coaching space...
      </p>
    );
  }
  const data = portal.data;
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <div className="min-w-0 space-y-10">
        <Section id="next-session" title="Your next session">
          <NextSession portal={data} />
        </Section>
        <Section id="action-items" title="Action items">
          <ActionItems items={data.actionItems} />
        </Section>
        <Section id="session-notes" title="Session notes">
          <SharedNotes notes={data.sharedNotes} />
        </Section>
      </div>
      <div className="min-w-0 space-y-10">
        <Section id="goals" title="Goals">
          <Goals goals={data.goals} />
        </Section>
        <Section
          id="latest-results"
          title="Latest results"
          aside={
            <Link href="/test-history" className={clsx(LINK, "text-sm")}>
              Test History
            </Link>
          }
        >
          <LatestResults results={data.latestResults} />
        </Section>
      </div>
    </div>
  );
}
