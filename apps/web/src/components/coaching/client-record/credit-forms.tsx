"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { APPOINTMENT_TYPES } from "@coach/db/enums";
import { Button } from "@coach/ui/button";
import { ConfirmDialog } from "@coach/ui/confirm-dialog";
import { FieldError, Label, TextField, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import {
  dayOfExpiry,
  expiryFromDay,
  extendCreditsForm,
  grantCreditsForm,
  takeBackCreditsForm,
  type ExtendCreditsForm,
  type GrantCreditsForm,
  type TakeBackCreditsForm,
} from "@coach/validators/credit-forms";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

export const TYPE_WORDS = { consultation: "consultation", coaching: "coaching", followup: "follow-up" } as const;
export type CreditType = keyof typeof TYPE_WORDS;
export const credits = (n: number, type: CreditType) => `${n} ${TYPE_WORDS[type]} ${n === 1 ? "credit" : "credits"}`;

const FORM = "space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4";
const failed = (title: string, error: unknown) =>
  toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });

function Reason({ error, ...field }: React.ComponentProps<"input"> & { error?: string }) {
  return <TextField label="Reason" hint="Kept in the audit log with your name." {...field} error={error} />;
}

function Actions({ submit, busy, onCancel }: { submit: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" loading={busy}>
        {submit}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** Grants a client credits of one type, with an optional expiry and the coach's reason. */
export function GrantCredits({ userId, name, onDone }: { userId: number; name: string; onDone: (changed: boolean) => void }) {
  const trpc = useTRPC();
  const typeId = useId();
  const grant = useMutation(trpc.admin.credits.grant.mutationOptions());
  const form = useForm<GrantCreditsForm>({
    resolver: zodResolver(grantCreditsForm),
    defaultValues: { appointmentType: "coaching", sessions: "1", expiresOn: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await grant.mutateAsync({
        userId,
        appointmentType: v.appointmentType,
        sessions: Number(v.sessions),
        expiresAt: expiryFromDay(v.expiresOn),
        note: v.reason,
      });
      toast({ title: "Credits granted", description: `${credits(Number(v.sessions), v.appointmentType)} for ${name}.` });
      onDone(true);
    } catch (error) {
      failed("Could not grant the credits", error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Grant credits" className={FORM}>
      <div className="space-y-1.5">
        <Label htmlFor={typeId}>Session type</Label>
        <select id={typeId} className={`${inputClasses} border-slate-300`} {...form.register("appointmentType")}>
          {APPOINTMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_WORDS[t]}
            </option>
          ))}
        </select>
        <FieldError message={errors.appointmentType?.message} />
      </div>
      <TextField label="Sessions" inputMode="numeric" {...form.register("sessions")} error={errors.sessions?.message} />
      <TextField
        label="Expires on (optional)"
        type="date"
        hint="Bookable through that day; leave empty for credits that never expire."
        {...form.register("expiresOn")}
        error={errors.expiresOn?.message}
      />
      <Reason {...form.register("reason")} error={errors.reason?.message} />
      <Actions submit="Grant credits" busy={isSubmitting} onCancel={() => onDone(false)} />
    </form>
  );
}

interface Grant {
  id: number;
  appointmentType: CreditType;
  total: number;
  used: number;
  expiresAt: Date | null;
}

/** A new expiry for one grant (later, earlier, or none), with the reason. */
export function ExtendCredits({ grant, onDone }: { grant: Grant; onDone: (changed: boolean) => void }) {
  const trpc = useTRPC();
  const extend = useMutation(trpc.admin.credits.extend.mutationOptions());
  const form = useForm<ExtendCreditsForm>({
    resolver: zodResolver(extendCreditsForm),
    defaultValues: { expiresOn: dayOfExpiry(grant.expiresAt), reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await extend.mutateAsync({ grantId: grant.id, expiresAt: expiryFromDay(v.expiresOn), reason: v.reason });
      toast({ title: "Expiry changed", description: v.expiresOn ? `Bookable through ${v.expiresOn}.` : "These credits never expire." });
      onDone(true);
    } catch (error) {
      failed("Could not change the expiry", error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Extend ${TYPE_WORDS[grant.appointmentType]} credits`} className={FORM}>
      <TextField
        label="New expiry"
        type="date"
        hint="Bookable through that day; leave empty for never."
        {...form.register("expiresOn")}
        error={errors.expiresOn?.message}
      />
      <Reason {...form.register("reason")} error={errors.reason?.message} />
      <Actions submit="Save the expiry" busy={isSubmitting} onCancel={() => onDone(false)} />
    </form>
  );
}

/** Takes back unused credits of one grant, after a confirmation that names what the client loses. */
export function TakeBackCredits({ grant, name, onDone }: { grant: Grant; name: string; onDone: (changed: boolean) => void }) {
  const trpc = useTRPC();
  const left = grant.total - grant.used;
  const takeBack = useMutation(trpc.admin.credits.takeBack.mutationOptions());
  const form = useForm<TakeBackCreditsForm>({
    resolver: zodResolver(takeBackCreditsForm(left)),
    defaultValues: { sessions: "1", reason: "" },
  });
  const { errors } = form.formState;
  const [asked, setAsked] = useState<TakeBackCreditsForm | null>(null);
  const confirm = async () => {
    if (!asked) return;
    try {
      await takeBack.mutateAsync({ grantId: grant.id, sessions: Number(asked.sessions), reason: asked.reason });
      toast({ title: "Credits taken back", description: `${credits(Number(asked.sessions), grant.appointmentType)} from ${name}.` });
      setAsked(null);
      onDone(true);
    } catch (error) {
      setAsked(null);
      failed("Could not take the credits back", error);
    }
  };
  return (
    <>
      <form
        onSubmit={form.handleSubmit((v) => setAsked(v))}
        noValidate
        aria-label={`Take back ${TYPE_WORDS[grant.appointmentType]} credits`}
        className={FORM}
      >
        <TextField
          label="Sessions to take back"
          inputMode="numeric"
          hint={`${credits(left, grant.appointmentType)} unused; used ones stay used.`}
          {...form.register("sessions")}
          error={errors.sessions?.message}
        />
        <Reason {...form.register("reason")} error={errors.reason?.message} />
        <Actions submit="Take back" busy={takeBack.isPending} onCancel={() => onDone(false)} />
      </form>
      <ConfirmDialog
        open={asked !== null}
        onClose={() => setAsked(null)}
        onConfirm={() => void confirm()}
        title={asked ? `Take back ${credits(Number(asked.sessions), grant.appointmentType)}?` : "Take back credits?"}
        description={`${name} can no longer book with ${Number(asked?.sessions) === 1 ? "it" : "them"}. Reason: ${asked?.reason ?? ""}`}
        confirmLabel="Take back"
        destructive
        loading={takeBack.isPending}
      />
    </>
  );
}
