"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { QueryState } from "~/components/admin/console/shared";
import { useTRPC } from "~/trpc/react";
import { LocalDay } from "../when";
import { AppointmentCard } from "./appointment-card";
import { BookSession } from "./book-session";
import { RecordActionItems } from "./record-action-items";
import { RecordBilling } from "./record-billing";
import { RecordCredits } from "./record-credits";
import { RecordGoals } from "./record-goals";
import { Section } from "./record-section";
import { ResultCard } from "./result-card";
import { Timeline } from "./timeline";

/** The coach's record of one client (/admin/clients/{id}): everything of the engagement on one page. */
export function ClientRecord({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const record = useQuery(trpc.admin.clients.record.queryOptions({ userId }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.record.queryKey({ userId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.overdueItems.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.list.queryKey() });
  };

  if (!record.data) {
    return (
      <QueryState
        isPending={record.isPending}
        error={record.error}
        onRetry={() => void record.refetch()}
        loadingText="Loading the client's record..."
        fallback="Failed to load the client's record"
      />
    );
  }
  const { profile, results, appointments, goals, actionItems, timeline } = record.data;
  const name = profile.name || profile.username;
  // A deleted account's remains are kept for the figures only: nothing new is added to them.
  const editable = !profile.anonymized;
  const overdue = actionItems.filter((i) => i.overdue && !i.done);
  // Upcoming: sessions still to start that will take place; a canceled booking is history, not plans.
  const now = Date.now();
  const upcoming = appointments
    .filter((a) => a.status !== "canceled" && new Date(a.startTime).getTime() > now)
    .sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
  const earlier = appointments.filter((a) => !upcoming.includes(a));
  const latestScore = (testId: number, scaleKey: string): number | null => {
    // Results come newest first; the newest result of that test holds the starting point.
    const result = results.find((r) => r.testId === testId);
    return result?.scales.find((s) => s.key === scaleKey)?.score ?? null;
  };

  return (
    <div className="space-y-10">
      <header>
        <p className="text-sm">
          <Link href="/admin/clients" className="text-brand-700 underline-offset-2 hover:underline">
            ← Clients
          </Link>
        </p>
        <h1 className="mt-2 break-words text-3xl font-bold text-brand-900">{name}</h1>
        {profile.anonymized ? (
          <p className="mt-1 text-slate-700">A deleted account: what remains is anonymous and kept only for the practice&apos;s figures.</p>
        ) : null}
        <p className="mt-1 break-words text-slate-700">
          {profile.email} · {profile.role === "admin" ? "Admin" : "Client"} since <LocalDay date={profile.createdAt} />
        </p>
        {overdue.length > 0 ? (
          <p role="status" className="mt-3 inline-block rounded-md border border-red-300 bg-red-50 px-3 py-1.5 text-sm text-red-900">
            {overdue.length === 1 ? "1 action item is overdue." : `${overdue.length} action items are overdue.`}
          </p>
        ) : null}
      </header>

      <div className="grid gap-10 lg:grid-cols-2">
        <div className="min-w-0 space-y-10">
          <Section id="goals-heading" title="Goals">
            <RecordGoals userId={userId} goals={goals} editable={editable} latestScore={latestScore} onChanged={refresh} />
          </Section>

          <Section id="action-items-heading" title="Action items">
            <RecordActionItems userId={userId} record={record.data} editable={editable} onCreated={refresh} />
          </Section>

          <Section id="upcoming-heading" title="Upcoming">
            {upcoming.length === 0 ? (
              <p className="text-slate-700">No session booked.</p>
            ) : (
              <ul className="space-y-4">
                {upcoming.map((a) => (
                  <AppointmentCard key={a.id} appointment={a} editable={editable} onChanged={refresh} />
                ))}
              </ul>
            )}
            {editable ? (
              <div className="mt-4">
                <BookSession userId={userId} name={name} onBooked={refresh} />
              </div>
            ) : null}
          </Section>

          <Section
            id="appointments-heading"
            title="Past and canceled sessions"
            description="Mark attendance once a session has started. Shared notes appear in the client's portal. Private notes are stored encrypted and only you ever see them."
          >
            {earlier.length === 0 ? (
              <p className="text-slate-700">No past sessions yet.</p>
            ) : (
              <ul className="space-y-4">
                {earlier.map((a) => (
                  <AppointmentCard key={a.id} appointment={a} editable={editable} onChanged={refresh} />
                ))}
              </ul>
            )}
          </Section>
        </div>

        <div className="min-w-0 space-y-10">
          <Section id="results-heading" title="Assessment results" description="Newest first, each scale with its 90% range.">
            {results.length === 0 ? (
              <p className="text-slate-700">No completed assessments yet.</p>
            ) : (
              <ul className="space-y-4">
                {results.map((r) => (
                  <ResultCard key={r.attemptId} result={r} />
                ))}
              </ul>
            )}
          </Section>

          {/* A deleted account's invoices stay in the Payments tab; its billing profile and credits were deleted with it. */}
          {editable ? (
            <Section
              id="credits-heading"
              title="Session credits"
              description="Sessions the client can book without paying again. Booking one of these types uses a credit automatically."
            >
              <RecordCredits userId={userId} name={name} />
            </Section>
          ) : null}

          {editable ? (
            <Section
              id="billing-heading"
              title="Billing"
              description="The company invoices go to: printed on every invoice, with the PO number and tax ID."
            >
              <RecordBilling userId={userId} editable={editable} />
            </Section>
          ) : null}

          <Section id="timeline-heading" title="Timeline">
            <Timeline timeline={timeline} />
          </Section>
        </div>
      </div>
    </div>
  );
}
