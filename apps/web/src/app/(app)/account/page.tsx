import type { Metadata } from "next";
import Link from "next/link";
import { DeleteMyAccount, DownloadMyData } from "~/components/account/account-data";
import { requireUser } from "~/server/guards";

export const metadata: Metadata = { title: "Your Account", robots: { index: false } };

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** The signed-in person's account: who they are to us, a copy of their data, and deleting it all. */
export default async function AccountPage() {
  const { user, blocked } = await requireUser();
  if (blocked) return blocked;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold text-brand-900">Your Account</h1>
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[max-content_1fr]">
        {name ? (
          <>
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="break-words">{name}</dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-600">Username</dt>
        <dd className="break-words">{user.username}</dd>
        <dt className="font-medium text-slate-600">E-mail</dt>
        <dd className="break-words">{user.email}</dd>
      </dl>
      <p className="mt-6 text-slate-700">
        What we keep about you and for how long is set out in our{" "}
        <Link href="/privacy" className={LINK}>
          Privacy Policy
        </Link>
        .
      </p>
      <div className="mt-8 space-y-6">
        <DownloadMyData />
        <DeleteMyAccount />
      </div>
    </div>
  );
}
