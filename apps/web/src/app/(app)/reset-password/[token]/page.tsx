import type { Metadata } from "next";
import { AuthCard } from "~/components/auth/auth-card";
import { InvalidResetLink, ResetPasswordForm } from "~/components/auth/reset-password-form";

// The token is a secret: keep the page out of indexes and never send it onwards in a Referer.
export const metadata: Metadata = { title: "Choose a New Password", robots: { index: false }, referrer: "no-referrer" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let value = "";
  try {
    value = decodeURIComponent(token ?? "").trim();
  } catch {
    value = "";
  }
  if (!value) {
    return (
      <AuthCard title="Invalid Reset Link">
        <InvalidResetLink />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" description="Enter a new password for your account.">
      <ResetPasswordForm token={value} />
    </AuthCard>
  );
}
