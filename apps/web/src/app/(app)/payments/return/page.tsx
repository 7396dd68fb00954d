import type { Metadata } from "next";
import { PaymentReturn } from "~/components/payments/payment-return";
import { requireUser } from "~/server/guards";
import { HydrateClient } from "~/trpc/server";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

/** Where Checkout sends the client back. It confirms nothing: it waits for the webhook's verdict (decision 27). */
export default async function PaymentReturnPage({ searchParams }: Props) {
  const { blocked } = await requireUser();
  if (blocked) return blocked;
  const raw = (await searchParams).session_id;
  const sessionId = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Your payment</h1>
      <div className="mt-6">
        <HydrateClient>
          <PaymentReturn sessionId={sessionId.slice(0, 255)} />
        </HydrateClient>
      </div>
    </div>
  );
}
