"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatMoney } from "@coach/payments/policy";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/**
 * What the coach sells (issue 31): a package is bought through Stripe's hosted Checkout (a redirect,
 * so no Stripe script on our pages); a paid single session is paid when its time is booked.
 * Nothing is shown while payments are off (the list is empty).
 */
export function OffersList() {
  const trpc = useTRPC();
  const offers = useQuery(trpc.offers.list.queryOptions());
  const buy = useMutation(
    trpc.payments.checkout.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        toast({ title: "Could not start the payment", description: errorMessage(error, "Please try again."), variant: "destructive" }),
    }),
  );
  const shown = (offers.data ?? []).filter((o) => o.kind !== "retreat");
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading" className="mt-10">
      <h2 id="offers-heading" className="text-xl font-semibold text-brand-900">
        Sessions and packages
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {shown.map((offer) => (
          <li key={offer.id} className="rounded-lg border border-slate-200 bg-white p-5">
            <h3 className="font-semibold text-slate-900">{offer.title}</h3>
            <p className="mt-1 text-sm text-slate-700">
              {offer.kind === "package"
                ? `${offer.sessions} sessions, to book within ${offer.validDays} days`
                : "One session, paid when you book its time"}
            </p>
            <p className="mt-2 text-lg font-semibold text-slate-900">{formatMoney(offer.price.amount, offer.price.currency)}</p>
            {offer.kind === "package" ? (
              <Button
                className="mt-3"
                loading={buy.isPending && buy.variables?.offerId === offer.id}
                onClick={() => buy.mutate({ offerId: offer.id })}
              >
                {`Buy ${offer.title}`}
              </Button>
            ) : (
              <Link href={`/appointments?type=${offer.appointmentType}`} className="mt-3 inline-block font-medium text-brand-700 underline">
                Choose a time
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
