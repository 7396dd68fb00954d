"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/trpc/react";
import { CreditsSummary } from "./credits-summary";

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

/**
 * Asks every two seconds whether Stripe's webhook has confirmed the payment; this page never marks
 * anything paid itself. Once confirmed it shows the credits (a package) or points to the booking. A
 * bank debit (only a package may be paid so) completes Checkout unpaid and arrives days later: it says so.
 */
export function PaymentReturn({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.payments.status.queryOptions({ sessionId }),
    enabled: sessionId !== "",
    retry: false,
    // A bank debit on its way settles in days: asking every two seconds would not bring it sooner.
    refetchInterval: (query) => (query.state.data?.status === "pending" && !query.state.data.awaitingFunds ? 2_000 : false),
  });
  if (!sessionId || status.isError) {
    return (
      <p className="text-slate-700">
        We could not find this payment. Your sessions and credits are on{" "}
        <Link href="/my-coaching" className={LINK}>
          My Coaching
        </Link>
        .
      </p>
    );
  }
  const state = status.data?.status;
  if (state === "pending" && status.data?.awaitingFunds) {
    return (
      <p role="status" className="text-lg text-slate-800">
        Thank you. Your bank payment is on its way: a bank debit takes a few working days to arrive. When it does, we email your receipt and
        your session credits appear on{" "}
        <Link href="/my-coaching" className={LINK}>
          My Coaching
        </Link>
        .
      </p>
    );
  }
  if (!state || state === "pending") {
    return (
      <p role="status" className="text-lg text-slate-800">
        Thank you. We are confirming your payment with Stripe; this page updates by itself in a few seconds.
      </p>
    );
  }
  if (state === "expired") {
    return (
      <p role="status" className="text-lg text-slate-800">
        This payment was not completed, and nothing was charged.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p role="status" className="text-lg text-slate-800">
        Payment received. A receipt is on its way to your inbox.
      </p>
      {status.data?.purpose === "package" ? <CreditsSummary /> : null}
      <p>
        <Link href={status.data?.purpose === "package" ? "/appointments" : "/appointments?tab=mine"} className={LINK}>
          {status.data?.purpose === "package" ? "Book a session" : "See my appointments"}
        </Link>
      </p>
    </div>
  );
}
