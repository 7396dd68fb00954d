import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { TRPCError } from "@trpc/server";
import { AuthRequired } from "~/components/assessments/auth-required";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { TestFlow } from "~/components/assessments/test-flow";
import { requireUser } from "~/server/guards";
import { HydrateClient, prefetch, serverCaller, trpc } from "~/trpc/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ attempt?: string | string[] }> };

/** The route's id is an integer (spec section 5); anything else is not a test. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The test's public summary, once per request; null when there is no such test, undefined when it could not be read (an outage). */
const summaryOf = cache(async (id: number) => {
  try {
    return await (await serverCaller()).tests.summary({ id });
  } catch (error) {
    return error instanceof TRPCError && error.code === "NOT_FOUND" ? null : undefined;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  const fallback: Metadata = { title: "Assessment", robots: { index: false } };
  const test = id === null ? null : await summaryOf(id);
  if (!test) return fallback;
  return { title: test.title, description: test.description, alternates: { canonical: `/tests/${id}` }, robots: { index: false } };
}

export default async function TestPage({ params, searchParams }: Props) {
  const id = parseId((await params).id);
  const attemptParam = (await searchParams).attempt;
  const viewAttemptId = parseId(Array.isArray(attemptParam) ? attemptParam[0] : attemptParam);

  // No such test is a real 404 (not-found.tsx beside this page shows "Test Not Found"), for anyone;
  // an outage is left to the flow, which shows "Database Connection Issue".
  if (id === null || (await summaryOf(id)) === null) notFound();

  // Anonymous visitors get the spec's toast before the sign-in page (section 5).
  const { blocked } = await requireUser({ signedOut: () => <AuthRequired /> });
  if (blocked) return blocked;

  prefetch(trpc.tests.byId.queryOptions({ id }));
  if (viewAttemptId === null) prefetch(trpc.attempts.current.queryOptions({ testId: id }));
  else prefetch(trpc.attempts.get.queryOptions({ attemptId: viewAttemptId }));

  return (
    <HydrateClient>
      <TestFlow testId={id} viewAttemptId={viewAttemptId} copy={assessmentCopy()} />
    </HydrateClient>
  );
}
