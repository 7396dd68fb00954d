import Link from "next/link";
import type { SessionUser } from "~/components/auth/session";
import { SignOutButton } from "./sign-out-button";

const LINK = "rounded text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * The header's session controls (spec section 2): greeting, Sign Out and Admin Dashboard, or 'Sign In'.
 * Rendered on the server from the request's session, so the header is right on first paint.
 */
export function HeaderSessionControls({ user }: { user: SessionUser | null }) {
  if (!user) {
    return (
      <Link href="/auth" className={`${LINK} text-slate-700 hover:text-brand-700`}>
        Sign In
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-3">
      {user.role === "admin" ? (
        <Link href="/admin" className={`${LINK} text-brand-700 hover:text-brand-900`}>
          Admin Dashboard
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">Hello, {user.firstName || user.username}</span>
      <SignOutButton className={`${LINK} text-slate-700 hover:text-brand-700 disabled:opacity-60`} />
    </div>
  );
}
