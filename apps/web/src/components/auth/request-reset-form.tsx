"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button, TextField, toast } from "@coach/ui";
import { requestPasswordResetSchema, type RequestPasswordResetInput } from "@coach/validators/auth";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { applyServerFieldErrors, errorCode } from "./form-errors";

/** /request-password-reset: an email form, then 'Check your email' with 'Try again' (spec section 2). */
export function RequestResetForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RequestPasswordResetInput>({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (applyServerFieldErrors(error, ["email"], form.setError)) return;
      const description =
        errorCode(error) === "TOO_MANY_REQUESTS"
          ? errorMessage(error, "Failed to request password reset")
          : "Failed to request password reset";
      toast({ description, variant: "destructive" });
    }
  });

  if (sentTo !== null) {
    return (
      <div className="space-y-4" role="status">
        <h2 className="text-xl font-semibold text-slate-900">Check your email</h2>
        <p className="text-sm text-slate-700">
          If an account exists for <strong className="font-semibold">{sentTo}</strong>, we have sent a link to reset its password. The link
          works for 60 minutes and only once.
        </p>
        <p className="text-sm text-slate-700">Didn&apos;t receive it? Check your spam folder, or try again.</p>
        <Button
          variant="outline"
          onClick={() => {
            form.reset({ email: "" });
            setSentTo(null);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Request password reset">
      <TextField label="Email" type="email" autoComplete="email" {...form.register("email")} error={errors.email?.message} />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Reset Link"}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Remembered it?{" "}
        <Link
          href="/auth"
          className="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Back to Sign In
        </Link>
      </p>
    </form>
  );
}
