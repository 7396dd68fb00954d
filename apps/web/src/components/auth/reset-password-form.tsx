"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button, buttonClasses, TextField, toast } from "@coach/ui";
import { resetPasswordFormSchema, type ResetPasswordFormInput } from "@coach/validators/auth";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { applyServerFieldErrors } from "./form-errors";

/** /reset-password/{token}: a new password, then a success state with 'Go to Login' (spec section 2). */
export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, ...values });
      // A reset ends every session of that account, possibly this browser's: re-render the header and
      // the session from the server.
      router.refresh();
      setDone(true);
    } catch (error) {
      if (applyServerFieldErrors(error, ["password", "confirmPassword"], form.setError)) return;
      toast({ description: errorMessage(error, "Failed to reset password"), variant: "destructive" });
    }
  });

  if (done) {
    return (
      <div className="space-y-4" role="status">
        <h2 className="text-xl font-semibold text-slate-900">Password updated</h2>
        <p className="text-sm text-slate-700">Your password has been reset. You can now sign in with your new password.</p>
        <Link href="/auth" className={buttonClasses({ className: "w-full" })}>
          Go to Login
        </Link>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Avoid common passwords."
        {...form.register("password")}
        error={errors.password?.message}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.register("confirmPassword")}
        error={errors.confirmPassword?.message}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? "Resetting..." : "Reset Password"}
      </Button>
    </form>
  );
}

/** Shown when the reset page is opened without a token. */
export function InvalidResetLink() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">This password reset link is missing its token. Please request a new link.</p>
      <Link href="/request-password-reset" className={buttonClasses({ className: "w-full" })}>
        Request a new link
      </Link>
    </div>
  );
}
