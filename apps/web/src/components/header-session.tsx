"use client";

import Link from "~/components/site-link";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { refreshHeaderSession, useHeaderSession } from "./header-session-store";
import { SignOutButton } from "./sign-out-button";

const LINK = "rounded text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * The header's session controls (spec section 2): greeting, Sign Out and Admin Dashboard (clients: My Coaching), or 'Sign In'.
 * Pages are prerendered for every visitor alike, so the HTML always holds 'Sign In' (right for most
 * visitors and without JavaScript); after load this island asks `GET /api/auth/me` and, for a
 * signed-in visitor, swaps in the greeting. It asks again after each navigation, so signing in or
 * out in the app areas shows here too. `slotClassName` reserves the width the controls may take, so
 * the swap moves nothing else (no layout shift).
 */
export function HeaderSessionControls({ slotClassName = "" }: { slotClassName?: string }) {
  const session = useHeaderSession();
  const pathname = usePathname();
  useEffect(() => {
    void refreshHeaderSession();
  }, [pathname]);

  const user = session.status === "known" ? session.user : null;
  return (
    <div
      className={`flex items-center justify-end gap-3 ${slotClassName}`}
      data-session={session.status === "known" ? (user ? "signed-in" : "signed-out") : "unknown"}
    >
      {user ? (
        <>
          {/* In the width an admin's link takes: clients reach their appointments, notes and results here. Keyed,
              so React never turns the 'Sign In' link into this one (the reused link would move: a layout shift). */}
          {user.role === "admin" ? (
            <Link key="admin" href="/admin" className={`${LINK} shrink-0 text-brand-700 hover:text-brand-900`}>
              Admin Dashboard
            </Link>
          ) : (
            <Link key="my-coaching" href="/my-coaching" className={`${LINK} shrink-0 text-brand-700 hover:text-brand-900`}>
              My Coaching
            </Link>
          )}
          <span className="min-w-0 truncate text-sm text-slate-700">Hello, {user.firstName || user.username}</span>
          <SignOutButton className={`${LINK} shrink-0 text-slate-700 hover:text-brand-700 disabled:opacity-60`} />
        </>
      ) : (
        <Link key="sign-in" href="/auth" className={`${LINK} text-slate-700 hover:text-brand-700`}>
          Sign In
        </Link>
      )}
    </div>
  );
}
