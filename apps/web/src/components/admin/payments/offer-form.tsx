"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { useForm, type Path, type UseFormSetError } from "react-hook-form";
import { APPOINTMENT_TYPES, CURRENCIES, OFFER_KINDS } from "@coach/db/enums";
import { Button } from "@coach/ui/button";
import { FieldError, Label, TextField, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { offerFormSchema, offerFormValues, offerFromForm, type OfferFormValues, type OfferLike } from "@coach/validators/offer-form";
import { serverFieldErrors } from "~/components/auth/form-errors";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { RefundTiers } from "./refund-tiers";

const TYPE_LABELS = { consultation: "Consultation", coaching: "Coaching", followup: "Follow-up" } as const;
const KIND_LABELS = { session: "Single session", package: "Package of sessions", retreat: "Retreat" } as const;
const FIELDS = new Set(Object.keys(offerFormValues()));

/** A labelled select wired like TextField (error announced, described by it). */
function SelectField({
  label,
  error,
  children,
  ...props
}: ComponentProps<"select"> & { label: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClasses} ${error ? "border-red-600" : "border-slate-300"}`}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The server's field messages next to the fields they name ("price.amount" is the price field, a tier's
 * own path its input); true when at least one was placed.
 */
function showServerErrors(error: unknown, setError: UseFormSetError<OfferFormValues>): boolean {
  let shown = false;
  for (const [key, messages] of Object.entries(serverFieldErrors(error))) {
    const root = key.split(".")[0]!;
    if (!FIELDS.has(root) || !messages[0]) continue;
    const field = /^refundSchedule\.\d+\.(daysBefore|percent)$/.test(key) ? key : root;
    setError(field as Path<OfferFormValues>, { type: "server", message: messages[0] });
    shown = true;
  }
  return shown;
}

/**
 * Creates an offer, or edits one (`offer`): every field of every kind, prices typed in units of the
 * currency and sent in its minor unit. The form runs the server's own rules first (offerFormSchema); what
 * the server still refuses is shown on the field it names, or above the form.
 */
export function OfferForm({ offer, onDone }: { offer?: OfferLike & { id: number }; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<OfferFormValues>({ resolver: zodResolver(offerFormSchema), defaultValues: offerFormValues(offer) });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation(trpc.admin.offers.create.mutationOptions());
  const update = useMutation(trpc.admin.offers.update.mutationOptions());
  const kind = form.watch("kind");
  const currency = form.watch("currency").toUpperCase();
  const name = offer ? `Edit ${offer.title}` : "New offer";
  const activeId = useId();

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const body = offerFromForm(values);
    try {
      if (offer) {
        const { kind: _kind, ...patch } = body;
        await update.mutateAsync({ id: offer.id, ...patch });
      } else await create.mutateAsync(body);
      toast({ title: offer ? "Offer saved" : "Offer created", description: values.title.trim() });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.offers.list.queryKey() });
      if (!offer) form.reset(offerFormValues());
      onDone?.();
    } catch (error) {
      const message = errorMessage(error, "Please try again.");
      if (!showServerErrors(error, form.setError)) setProblem(message);
      toast({ title: offer ? "Could not save the offer" : "Could not create the offer", description: message, variant: "destructive" });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={name}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      {problem ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      {offer ? (
        // The kind cannot change (the server refuses it): a new kind is a new offer.
        <p className="text-sm text-slate-800 sm:col-span-2">
          <span className="font-medium">Kind:</span> {KIND_LABELS[offer.kind]}
        </p>
      ) : (
        <SelectField label="Kind" {...form.register("kind")}>
          {OFFER_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label="Title" {...form.register("title")} error={errors.title?.message} />
      <TextField
        label="Price"
        inputMode="decimal"
        hint={`In ${currency}, for example 900 or 900.50.`}
        {...form.register("price")}
        error={errors.price?.message}
      />
      <SelectField label="Currency" {...form.register("currency")} error={errors.currency?.message}>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c.toUpperCase()}
          </option>
        ))}
      </SelectField>
      {kind === "retreat" ? null : (
        <SelectField label="Session type" {...form.register("appointmentType")} error={errors.appointmentType?.message}>
          {APPOINTMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
      )}
      {kind === "package" ? (
        <>
          <TextField label="Sessions" inputMode="numeric" {...form.register("sessions")} error={errors.sessions?.message} />
          <TextField
            label="Valid for (days)"
            inputMode="numeric"
            hint="The credits expire this many days after payment."
            {...form.register("validDays")}
            error={errors.validDays?.message}
          />
        </>
      ) : null}
      {kind === "retreat" ? (
        <>
          <TextField
            label="Deposit"
            inputMode="decimal"
            hint={`In ${currency}; paid when the coach accepts an application.`}
            {...form.register("deposit")}
            error={errors.deposit?.message}
          />
          <TextField label="Places" inputMode="numeric" {...form.register("places")} error={errors.places?.message} />
          <TextField
            label="Balance due (days before the start)"
            inputMode="numeric"
            {...form.register("balanceDueDays")}
            error={errors.balanceDueDays?.message}
          />
          <TextField
            label="Starts"
            type="datetime-local"
            hint="In your time zone."
            {...form.register("startsAt")}
            error={errors.startsAt?.message}
          />
          <RefundTiers form={form} />
        </>
      ) : null}
      <div className="flex items-center gap-2 sm:col-span-2">
        <input id={activeId} type="checkbox" className="h-4 w-4 rounded border-slate-400" {...form.register("active")} />
        <Label htmlFor={activeId}>On sale (clients can buy it)</Label>
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={isSubmitting}>
          {offer ? "Save changes" : "Create offer"}
        </Button>
        {offer ? (
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
