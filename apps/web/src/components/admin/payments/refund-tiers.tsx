"use client";

import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Button } from "@coach/ui/button";
import { FieldError, TextField } from "@coach/ui/field";
import type { OfferFormValues } from "@coach/validators/offer-form";

/** At most this many tiers (the server's limit too). */
const MAX_TIERS = 10;

/** The retreat's refund schedule: one row per tier, "cancelled at least N days before the start refunds P%". */
export function RefundTiers({ form }: { form: UseFormReturn<OfferFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "refundSchedule" });
  const errors = form.formState.errors.refundSchedule;
  // Rules across tiers (order, duplicates) land on the array itself: on `root` once rows are registered.
  const whole = errors?.root?.message ?? errors?.message;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-slate-800">Refund schedule</legend>
      <p className="text-xs text-slate-600">
        A cancellation at least this many days before the start gets this share of what was paid back; later, the next tier applies, and
        after the last one nothing.
      </p>
      {fields.map((field, i) => (
        <div key={field.id} className="flex flex-wrap items-start gap-3">
          <TextField
            label={`Tier ${i + 1}: days before the start`}
            inputMode="numeric"
            containerClassName="w-52"
            {...form.register(`refundSchedule.${i}.daysBefore`)}
            error={errors?.[i]?.daysBefore?.message}
          />
          <TextField
            label={`Tier ${i + 1}: refund (%)`}
            inputMode="numeric"
            containerClassName="w-40"
            {...form.register(`refundSchedule.${i}.percent`)}
            error={errors?.[i]?.percent?.message}
          />
          <Button type="button" size="sm" variant="outline" className="mt-7" onClick={() => remove(i)}>
            Remove tier {i + 1}
          </Button>
        </div>
      ))}
      {fields.length === 0 ? <p className="text-sm text-slate-700">No refunds: a cancelled place is not refunded.</p> : null}
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={fields.length >= MAX_TIERS}
        onClick={() => append({ daysBefore: "", percent: "" })}
      >
        Add a refund tier
      </Button>
      <FieldError message={whole} />
    </fieldset>
  );
}
