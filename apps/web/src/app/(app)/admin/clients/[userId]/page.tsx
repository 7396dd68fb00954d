import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { ClientRecord } from "~/components/coaching/client-record/client-record";
import { requireAdmin } from "~/server/guards";
import { getQueryClient, HydrateClient, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Client Record", robots: { index: false } };

type Props = { params: Promise<{ userId: string }> };

/** A user id in a path: a positive integer, as the API's ids are. */
function parseUserId(raw: string): number | null {
  if (!/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /admin/clients/{userId}: the coach's record of one client. */
export default async function ClientRecordPage({ params }: Props) {
  const { blocked } = await requireAdmin({ outageHint: "If the problem persists, please contact technical support." });
  if (blocked) return blocked;
  const userId = parseUserId((await params).userId);
  if (userId === null) notFound();
  try {
    // Fetched here (not only prefetched) so an unknown client is the not-found page, not an error panel.
    await getQueryClient().fetchQuery(trpc.admin.clients.record.queryOptions({ userId }));
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    // Anything else (an outage) is shown by the record's own error state after hydration.
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <HydrateClient>
        <ClientRecord userId={userId} />
      </HydrateClient>
    </div>
  );
}
