import type { Metadata } from "next";
import { AuthRequired } from "~/components/assessments/auth-required";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { TestFlow } from "~/components/assessments/test-flow";
import { TestNotFound } from "~/components/assessments/status-panels";
import { requireUser } from "~/server/guards";
import { HydrateClient, prefetch, serverCaller, trpc } from "~/trpc/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ attempt?: string | string[] }> };

/** The route's id is an integer (spec section 5); anything else is not a test. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
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

  // Anonymous visitors get the spec's toast before the sign-in page (section 5).
  const { blocked } = await requireUser({ signedOut: () => <AuthRequired /> });
  if (blocked) return blocked;
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
