import type { Metadata } from "next";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { TestHistory } from "~/components/assessments/test-history";
import { requireUser } from "~/server/guards";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Your Assessment History", robots: { index: false } };

export default async function TestHistoryPage() {
  const { blocked } = await requireUser();
  if (blocked) return blocked;
  prefetch(trpc.attempts.history.queryOptions());
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Your Assessment History</h1>
      <p className="mt-3 text-lg text-slate-700">
        Every result you complete is kept here, newest first, with the change since your previous result of the same type.
      </p>
      <div className="mt-10">
        <HydrateClient>
          <TestHistory copy={assessmentCopy()} />
        </HydrateClient>
      </div>
    </div>
  );
}
