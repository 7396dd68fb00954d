"use client";

import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "@coach/payments/policy";
import { useTRPC } from "~/trpc/react";

/** In the cancel dialog: what comes back under the cancellation policy, before the client confirms (issue 31). */
export function CancelTerms({ appointmentId }: { appointmentId: number }) {
  const trpc = useTRPC();
  const terms = useQuery(trpc.payments.cancelTerms.queryOptions({ id: appointmentId }));
  if (!terms.data) return null;
  const { refund, creditReturned, kept } = terms.data;
  const text = refund
    ? `You will get ${formatMoney(refund.amount, refund.currency)} back to your card.`
    : creditReturned
      ? "The session credit this booking used comes back to you."
      : kept
        ? "This is inside the cancellation period: what was paid for this session is not returned."
        : null;
  if (!text) return null;
  return (
    <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm font-medium text-brand-900" data-testid="cancel-terms">
      {text}
    </p>
  );
}
