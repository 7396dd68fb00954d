"use client";

import Link from "~/components/site-link";
import { buttonClasses } from "@coach/ui/button";
import { useHeaderSession } from "~/components/header-session-store";
import type { CatalogueTest } from "./types";

/**
 * A catalogue card's button: Start Assessment for a signed-in visitor, otherwise the way to sign in.
 * The prerendered page is the same for everyone, so this reads the header's session island and
 * shows the signed-out button until it knows better.
 */
export function TestCardAction({ testId }: { testId: CatalogueTest["id"] }) {
  const session = useHeaderSession();
  if (session.status === "known" && session.user !== null) {
    return (
      <Link href={`/tests/${testId}`} className={buttonClasses({ className: "w-full" })}>
        Start Assessment
      </Link>
    );
  }
  return (
    <Link href="/auth" className={buttonClasses({ variant: "outline", className: "w-full" })}>
      Sign in to take assessment
    </Link>
  );
}
