import type { Metadata } from "next";
import { TRPCError } from "@trpc/server";
import { AuthRequired } from "~/components/assessments/auth-required";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { TestFlow } from "~/components/assessments/test-flow";
import { DatabaseIssue, TestNotFound } from "~/components/assessments/status-panels";
import { HydrateClient, prefetch, serverCaller, trpc } from "~/trpc/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ attempt?: string | string[] }> };

/** The route's id is an integer (spec section 5); anything else is not a test. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function isUnavailable(error: unknown) {
  return error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE";
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  const fallback: Metadata = { title: "Assessment", robots: { index: false } };
  if (id === null) return fallback;
  try {
    const test = await (await serverCaller()).tests.summary({ id });
    return { title: test.title, description: test.description, alternates: { canonical: `/tests/${id}` }, robots: { index: false } };
  } catch {
    return fallback;
  }
}

export default async function TestPage({ params, searchParams }: Props) {
  const id = parseId((await params).id);
  const attemptParam = (await searchParams).attempt;
  const viewAttemptId = parseId(Array.isArray(attemptParam) ? attemptParam[0] : attemptParam);

  const caller = await serverCaller();
  const me = await caller.auth.me().catch((error: unknown) => (isUnavailable(error) ? "unavailable" : { user: null }));
  if (me === "unavailable") {
    return (
      <div className="px-6 py-16">
        <DatabaseIssue />
      </div>
    );
  }
  if (!me.user) return <AuthRequired />;
  if (id === null) return <TestNotFound />;

  prefetch(trpc.tests.byId.queryOptions({ id }));
  if (viewAttemptId === null) prefetch(trpc.attempts.current.queryOptions({ testId: id }));
  else prefetch(trpc.attempts.get.queryOptions({ attemptId: viewAttemptId }));

  return (
    <HydrateClient>
      <TestFlow testId={id} viewAttemptId={viewAttemptId} copy={assessmentCopy()} />
    </HydrateClient>
  );
}
