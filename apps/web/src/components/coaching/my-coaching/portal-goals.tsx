"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { GoalCard } from "../goal-card";
import { GoalForm } from "../goal-form";
import { SECTION } from "./portal-section";
import type { Portal } from "./portal-view";

/** The client's goals with their progress, and a form for a goal of their own. */
export function PortalGoals({ goals }: { goals: Portal["goals"] }) {
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
