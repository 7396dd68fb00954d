import type { Metadata } from "next";
import Link from "next/link";
import { APPOINTMENT_TYPES, type AppointmentType } from "@coach/db/enums";
import { buttonClasses } from "@coach/ui/button";
import { AppointmentsView } from "~/components/appointments/appointments-view";
import { CreditsSummary } from "~/components/payments/credits-summary";
import { signInHref } from "~/lib/return-path";
import { requireUser } from "~/server/guards";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = {
  title: "Schedule an Appointment",
  description: "Book an initial consultation, a coaching session or a follow-up at a time that suits you, shown in your own time zone.",
};

type Props = { searchParams: Promise<{ type?: string | string[]; tab?: string | string[] }> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function AppointmentsPage({ searchParams }: Props) {
  const params = await searchParams;
  const type = APPOINTMENT_TYPES.find((t) => t === first(params.type));
  // Signed-out visitors see the page with a sign-in prompt that brings them back to this booking.
  const here = type ? `/appointments?type=${type}` : "/appointments";
  const { blocked } = await requireUser({ signedOut: () => <AppointmentsLayout signedIn={false} signInHref={signInHref(here)} /> });
  if (blocked) return blocked;
  prefetch(trpc.appointments.bookingOptions.queryOptions());
  prefetch(trpc.appointments.mine.queryOptions());
  return <AppointmentsLayout signedIn initialType={type} initialTab={first(params.tab) === "mine" ? "mine" : undefined} />;
}

function AppointmentsLayout({
  signedIn,
  signInHref: signIn = "/auth",
  initialType,
  initialTab,
}: {
  signedIn: boolean;
  signInHref?: string;
  initialType?: AppointmentType;
  initialTab?: "mine";
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Schedule an Appointment</h1>
      <p className="mt-3 text-lg text-slate-700">
        Choose the kind of session, pick a weekday and a time that suits you. You&apos;ll receive a confirmation with a calendar invitation.
      </p>
      <div className="mt-10">
        {signedIn ? (
          <HydrateClient>
            <div className="mb-8">
              <CreditsSummary />
            </div>
            <AppointmentsView key={initialType ?? "none"} initialType={initialType} initialTab={initialTab} />
          </HydrateClient>
        ) : (
          <section className="rounded-lg border border-slate-200 bg-slate-50 p-8 text-center">
            <h2 className="text-xl font-semibold text-slate-900">Sign in to book</h2>
            <p className="mt-2 text-slate-700">
              Please sign in or create a free account to see available times and manage your appointments.
            </p>
            <Link href={signIn} className={buttonClasses({ className: "mt-6" })}>
              Sign In
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}
