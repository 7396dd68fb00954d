import type { Metadata } from "next";
import { AuthCard } from "~/components/auth/auth-card";
import { RequestResetForm } from "~/components/auth/request-reset-form";

export const metadata: Metadata = { title: "Reset Password", robots: { index: false } };

export default function RequestPasswordResetPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <RequestResetForm />
    </AuthCard>
  );
}
