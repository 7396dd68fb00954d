import Link from "next/link";

/** The header's session controls: 'Sign In' when signed out (the signed-in form is the accounts issue's). */
export function HeaderSessionControls() {
  return (
    <Link href="/auth" className="text-sm font-medium text-slate-700 hover:text-brand-700">
      Sign In
    </Link>
  );
}
