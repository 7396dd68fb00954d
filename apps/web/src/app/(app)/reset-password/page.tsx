import type { Metadata } from "next";
import { AuthCard } from "~/components/auth/auth-card";
import { InvalidResetLink } from "~/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Invalid Reset Link", robots: { index: false } };

/** /reset-password without a token. */
export default function ResetPasswordWithoutToken() {
  return (
    <AuthCard title="Invalid Reset Link">
      <InvalidResetLink />
    </AuthCard>
  );
}
