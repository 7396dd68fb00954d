"use client";

import Link from "next/link";
import { useState } from "react";
import { useSession } from "~/components/auth/session";

/** The header's session controls (spec section 2): greeting, Sign Out and Admin Dashboard, or 'Sign In'. */
export function HeaderSessionControls() {
  const { user, isLoading, logout } = useSession();
  const [signingOut, setSigningOut] = useState(false);

  if (isLoading) {
    // Keeps the header from jumping while the session loads.
    return <span aria-hidden="true" className="inline-block h-5 w-20 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />;
  }
  if (!user) {
    return (
      <Link href="/auth" className="rounded text-sm font-medium text-slate-700 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        Sign In
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-3">
      {user.role === "admin" ? (
        <Link
          href="/admin"
          className="rounded text-sm font-medium text-brand-700 hover:text-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Admin Dashboard
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">Hello, {user.firstName || user.username}</span>
      <button
        type="button"
        disabled={signingOut}
        onClick={async () => {
          setSigningOut(true);
          try {
            await logout();
          } finally {
            setSigningOut(false);
          }
        }}
        className="rounded text-sm font-medium text-slate-700 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60"
      >
        Sign Out
      </button>
    </div>
  );
}
