"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@coach/ui/button";
import { FieldError, Label, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

const noteFormSchema = z.object({
  body: z.string().trim().min(1, "Write the note first.").max(10_000, "Keep a note under 10,000 characters."),
  shared: z.boolean(),
});
type NoteFormValues = z.infer<typeof noteFormSchema>;

/**
 * A note on one session. Unticked, it is private: stored encrypted, shown only to the coach. Ticked,
 * the client reads it in their portal.
 */
export function NoteForm({ appointmentId, onAdded }: { appointmentId: number; onAdded: () => void }) {
  const trpc = useTRPC();
  const ids = { body: useId(), error: useId(), shared: useId() };
  const form = useForm<NoteFormValues>({ resolver: zodResolver(noteFormSchema), defaultValues: { body: "", shared: false } });
  const { errors, isSubmitting } = form.formState;
  const add = useMutation(trpc.admin.clients.addNote.mutationOptions());
  const submit = form.handleSubmit(async (values) => {
    try {
      const note = await add.mutateAsync({ appointmentId, ...values });
      toast({ title: note.shared ? "Note shared with the client" : "Private note saved" });
      form.reset({ body: "", shared: false });
      onAdded();
    } catch (error) {
      toast({ title: "Could not save the note", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label="New session note">
      <div className="space-y-1.5">
        <Label htmlFor={ids.body}>Note</Label>
        <textarea
          id={ids.body}
          rows={4}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? ids.error : undefined}
          className={`${inputClasses} ${errors.body ? "border-red-600" : "border-slate-300"}`}
          {...form.register("body")}
        />
        <FieldError id={ids.error} message={errors.body?.message} />
      </div>
      <div className="flex items-center gap-2">
        <input id={ids.shared} type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register("shared")} />
        <label htmlFor={ids.shared} className="text-sm text-slate-800">
          Share with client
        </label>
      </div>
      <p className="text-xs text-slate-600">Unticked, the note is private: encrypted, and only you ever see it.</p>
      <Button type="submit" size="sm" loading={isSubmitting}>
        Save note
      </Button>
    </form>
  );
}
