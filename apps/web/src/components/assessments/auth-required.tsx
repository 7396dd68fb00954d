"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@coach/ui/toast";
import { signInHref } from "~/lib/return-path";

/** Anonymous visitors of a test: the spec's toast, then the sign-in page. */
export function AuthRequired() {
  const router = useRouter();
  useEffect(() => {
    toast({ title: "Authentication Required", description: "Please sign in to take the test.", variant: "destructive" });
    // Back to this test after signing in.
    router.replace(signInHref(window.location.pathname));
  }, [router]);
  return (
    <p className="mx-auto max-w-xl px-6 py-20 text-center text-slate-700" role="status">
      Redirecting to sign in…
    </p>
  );
}
