import type { Metadata } from "next";
import { AuthCard } from "~/components/auth/auth-card";
import { AuthForms } from "~/components/auth/auth-forms";
import { cookies } from "next/headers";
import { RETURN_PARAM, safeReturnPath } from "~/lib/return-path";
import { SIGN_IN_FLASH, readSignInFlash } from "~/lib/sign-in-flash";

export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in or create an account to take assessments, keep your results and book consultations.",
  alternates: { canonical: "/auth" },
};

export default async function AuthPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const returnTo = safeReturnPath(params[RETURN_PARAM]);
  // Back from a sign-in posted without scripts (auth/sign-in/route.ts): its message and the name typed.
  const posted = readSignInFlash((await cookies()).get(SIGN_IN_FLASH)?.value);
  return (
    <AuthCard title="Welcome" description="Sign in to your account or create a new one to take assessments and book consultations.">
      <AuthForms returnTo={returnTo} posted={posted} />
    </AuthCard>
  );
}
