"use client";

import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import Link from "next/link";
import { Button } from "@coach/ui/button";
import { DatabaseIssue } from "~/components/database-issue";
import { isDatabaseConnectionError } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { ActionItems } from "./action-items";
import { LatestResults } from "./latest-results";
import { NextSession } from "./next-session";
import { PortalGoals } from "./portal-goals";
import { LINK, Section } from "./portal-section";
import { SharedNotes } from "./shared-notes";

/**
 * /my-coaching: the client's side of the engagement. One column on a phone, two from lg up; the
 * things to do (next session, open action items) come first.
 */
export function MyCoaching() {
  const trpc = useTRPC();
  const portal = useQuery(trpc.coaching.portal.queryOptions());

  if (portal.isError) {
    return isDatabaseConnectionError(portal.error) ? (
      <DatabaseIssue headingLevel={2} />
    ) : (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p>We couldn&apos;t load your coaching space. Please try again later.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void portal.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (portal.isPending) {
    return (
      <p role="status" className="py-8 text-center text-slate-700">
        Loading your coaching space...
      </p>
    );
  }
  const data = portal.data;
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <div className="min-w-0 space-y-10">
        <Section id="next-session" title="Your next session">
          <NextSession portal={data} />
        </Section>
        <Section id="action-items" title="Action items">
          <ActionItems items={data.actionItems} />
        </Section>
        <Section id="session-notes" title="Session notes">
          <SharedNotes notes={data.sharedNotes} />
        </Section>
      </div>
      <div className="min-w-0 space-y-10">
        <Section id="goals" title="Goals">
          <PortalGoals goals={data.goals} />
        </Section>
        <Section
          id="latest-results"
          title="Latest results"
          aside={
            <Link href="/test-history" className={clsx(LINK, "text-sm")}>
              Test History
            </Link>
          }
        >
          <LatestResults results={data.latestResults} />
        </Section>
      </div>
    </div>
  );
}
