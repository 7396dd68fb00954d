"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@coach/ui/button";
import { FieldError, Label, TextField, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { dayInput } from "./when";

/** What the form holds (inputs give strings); the server validates the converted input again. */
const goalFormSchema = z
  .object({
    title: z.string().trim().min(3, "The title must be at least 3 characters.").max(200, "The title must be at most 200 characters."),
    why: z.string().trim().max(2000, "Keep this under 2,000 characters."),
    measure: z.string().trim().max(500, "Keep this under 500 characters."),
    targetDate: z.string(),
    /** "testId:scaleKey", or "" for a goal not tied to an assessment */
    scale: z.string(),
    target: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.scale && !(v.target.trim() !== "" && Number.isInteger(Number(v.target))))
      ctx.addIssue({ code: "custom", path: ["target"], message: "Enter the whole-number score to reach on this scale." });
  });
type GoalFormValues = z.infer<typeof goalFormSchema>;

export interface GoalInput {
  title: string;
  why?: string;
  measure?: string;
  targetDate?: Date;
  scale?: { testId: number; scaleKey: string; target: number };
}

const EMPTY: GoalFormValues = { title: "", why: "", measure: "", targetDate: "", scale: "", target: "" };

/**
 * A new goal, optionally tied to an assessment scale (for example EQ Self-Regulation, to reach 60);
 * its starting point is the client's latest score on that scale, which the server takes itself.
 */
export function GoalForm({
  onSubmit,
  submitLabel,
  startingPoint,
}: {
  onSubmit: (input: GoalInput) => Promise<unknown>;
  submitLabel: string;
  /** The client's latest score on a scale, when the form knows it (the coach's client record). */
  startingPoint?: (testId: number, scaleKey: string) => number | null;
}) {
  const trpc = useTRPC();
  const scales = useQuery(trpc.coaching.goalScales.queryOptions());
  const ids = { why: useId(), scale: useId(), whyError: useId() };
  const form = useForm<GoalFormValues>({ resolver: zodResolver(goalFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const chosen = form.watch("scale");
  const scale = scales.data?.find((s) => `${s.testId}:${s.scaleKey}` === chosen);

  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit({
        title: v.title,
        why: v.why || undefined,
        measure: v.measure || undefined,
        targetDate: dayInput(v.targetDate),
        scale: scale ? { testId: scale.testId, scaleKey: scale.scaleKey, target: Number(v.target) } : undefined,
      });
      form.reset(EMPTY);
    } catch (error) {
      toast({ title: "Could not save the goal", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New goal">
      <TextField label="Goal" maxLength={200} {...form.register("title")} error={errors.title?.message} />
      <div className="space-y-1.5">
        <Label htmlFor={ids.why}>Why it matters (optional)</Label>
        <textarea
          id={ids.why}
          rows={2}
          aria-describedby={errors.why ? ids.whyError : undefined}
          className={`${inputClasses} border-slate-300`}
          {...form.register("why")}
        />
        <FieldError id={ids.whyError} message={errors.why?.message} />
      </div>
      <TextField
        label="How we'll know (optional)"
        hint="For example: stays calm in the weekly board review"
        {...form.register("measure")}
        error={errors.measure?.message}
      />
      <TextField label="Target date (optional)" type="date" className="w-48" {...form.register("targetDate")} />
      <div className="space-y-1.5">
        <Label htmlFor={ids.scale}>Tie to an assessment scale (optional)</Label>
        <select id={ids.scale} className={`${inputClasses} border-slate-300`} {...form.register("scale")}>
          <option value="">Not tied to an assessment</option>
          {(scales.data ?? []).map((s) => (
            <option key={`${s.testId}:${s.scaleKey}`} value={`${s.testId}:${s.scaleKey}`}>
              {s.testTitle}: {s.scaleLabel}
            </option>
          ))}
        </select>
      </div>
      {scale ? (
        <p className="text-sm text-slate-700">
          {(() => {
            const from = startingPoint?.(scale.testId, scale.scaleKey);
            return from === undefined
              ? "The starting point is your latest result on this scale."
              : from === null
                ? "No result on this scale yet: the first one becomes the starting point."
                : `From ${Math.round(from * 10) / 10} (the latest result on this scale) to the target below.`;
          })()}
        </p>
      ) : null}
      {scale ? (
        <TextField
          label={`Target score on ${scale.scaleLabel}`}
          type="number"
          inputMode="numeric"
          step={1}
          min={scale.min}
          max={scale.max}
          className="w-32"
          hint={`Between ${scale.min} and ${scale.max}.`}
          {...form.register("target")}
          error={errors.target?.message}
        />
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
