import type { Metadata } from "next";
import { AuthCard } from "~/components/auth/auth-card";
import { AuthForms } from "~/components/auth/auth-forms";

export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in or create an account to take assessments, keep your results and book consultations.",
  alternates: { canonical: "/auth" },
};

export default function AuthPage() {
  return (
    <AuthCard title="Welcome" description="Sign in to your account or create a new one to take assessments and book consultations.">
      <AuthForms />
    </AuthCard>
  );
}
