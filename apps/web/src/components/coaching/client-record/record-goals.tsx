"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { GoalCard } from "../goal-card";
import { GoalForm } from "../goal-form";
import { CARD } from "./record-section";
import type { ClientRecordView } from "./record-view";

/** The client's goals as the coach manages them: mark achieved, drop, reopen, and add a new one. */
export function RecordGoals({
  userId,
  goals,
  editable,
  latestScore,
  onChanged,
}: {
  userId: number;
  goals: ClientRecordView["goals"];
  /** false for the anonymous remains of a deleted account, which take no new goals */
  editable: boolean;
  /** The newest score on a test's scale: a new goal's starting point. */
  latestScore: (testId: number, scaleKey: string) => number | null;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const createGoal = useMutation(
    trpc.admin.clients.createGoal.mutationOptions({
      onSuccess: () => {
        toast({ title: "Goal added" });
        onChanged();
      },
    }),
  );
  const updateGoal = useMutation(
    trpc.admin.clients.updateGoal.mutationOptions({
      onSuccess: () => onChanged(),
      onError: (error) =>
        toast({ title: "Could not update the goal", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );
  return (
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
  );
}
