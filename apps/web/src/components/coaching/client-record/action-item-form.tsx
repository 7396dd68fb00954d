"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@coach/ui/button";
import { Label, TextField, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import type { ClientRecordView } from "./record-view";
import { dayInput } from "../when";

const actionItemFormSchema = z.object({
  text: z
    .string()
    .trim()
    .min(3, "The action item must be at least 3 characters.")
    .max(1000, "The action item must be at most 1000 characters."),
  dueDate: z.string(),
  goalId: z.string(),
  appointmentId: z.string(),
});
type ActionItemFormValues = z.infer<typeof actionItemFormSchema>;
const EMPTY: ActionItemFormValues = { text: "", dueDate: "", goalId: "", appointmentId: "" };

const sessionLabel = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

/** An action item for the client, optionally due on a day and linked to a goal or a session. */
export function ActionItemForm({
  userId,
  goals,
  appointments,
  onCreated,
}: {
  userId: number;
  goals: ClientRecordView["goals"];
  appointments: ClientRecordView["appointments"];
  onCreated: () => void;
}) {
  const trpc = useTRPC();
  const ids = { goal: useId(), session: useId() };
  const form = useForm<ActionItemFormValues>({ resolver: zodResolver(actionItemFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const create = useMutation(trpc.admin.clients.createActionItem.mutationOptions());
  const submit = form.handleSubmit(async (v) => {
    try {
      await create.mutateAsync({
        userId,
        text: v.text,
        dueDate: dayInput(v.dueDate),
        goalId: v.goalId ? Number(v.goalId) : undefined,
        appointmentId: v.appointmentId ? Number(v.appointmentId) : undefined,
      });
      toast({ title: "Action item assigned" });
      form.reset(EMPTY);
      onCreated();
    } catch (error) {
      toast({ title: "Could not save the action item", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New action item">
      <TextField label="Action item" maxLength={1000} {...form.register("text")} error={errors.text?.message} />
      <TextField
        label="Due date (optional)"
        type="date"
        className="w-48"
        hint="The client is reminded by email on the day."
        {...form.register("dueDate")}
      />
      <div className="space-y-1.5">
        <Label htmlFor={ids.goal}>Goal (optional)</Label>
        <select id={ids.goal} className={`${inputClasses} border-slate-300`} {...form.register("goalId")}>
          <option value="">No goal</option>
          {goals
            .filter((g) => g.status === "active")
            .map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.title}
              </option>
            ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.session}>Session (optional)</Label>
        <select id={ids.session} className={`${inputClasses} border-slate-300`} {...form.register("appointmentId")}>
          <option value="">No session</option>
          {appointments.map((a) => (
            <option key={a.id} value={String(a.id)} suppressHydrationWarning>
              {a.typeLabel}, {sessionLabel.format(new Date(a.startTime))}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" loading={isSubmitting}>
        Assign action item
      </Button>
    </form>
  );
}
