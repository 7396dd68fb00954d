import type { Metadata } from "next";
import Link from "next/link";
import { MyCoaching } from "~/components/coaching/my-coaching/my-coaching";
import { CreditsSummary } from "~/components/payments/credits-summary";
import { OffersList } from "~/components/payments/offers-list";
import { requireUser } from "~/server/guards";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "My Coaching", robots: { index: false } };

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default async function MyCoachingPage() {
  const { user, blocked } = await requireUser();
  if (blocked) return blocked;
  prefetch(trpc.coaching.portal.queryOptions());
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold text-brand-900">My Coaching</h1>
      <p className="mt-3 text-lg text-slate-700">
        {user.firstName ? `${user.firstName}, this` : "This"} is your space for our work together: your next session, what you agreed to do,
        the notes your coach shares with you and how your goals are moving.
      </p>
      <nav aria-label="My Coaching" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href="/appointments?tab=mine" className={LINK}>
          My Appointments
        </Link>
        <Link href="/test-history" className={LINK}>
          Test History
        </Link>
        <Link href="/account" className={LINK}>
          Your account and data
        </Link>
      </nav>
      <div className="mt-10">
        <HydrateClient>
          <CreditsSummary />
          <MyCoaching />
          <OffersList />
        </HydrateClient>
      </div>
    </div>
  );
}
