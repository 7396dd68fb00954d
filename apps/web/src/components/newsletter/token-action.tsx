"use client";

import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/**
 * The confirm and unsubscribe pages: the emailed link opens a page, and only this button (a POST)
 * changes anything, so link scanners and prefetchers that open the link do no harm. The page's
 * heading and instructions are shown only until the action succeeds: then the outcome takes their
 * place, so nobody reads "Confirm below" above "Your subscription is confirmed".
 */
export function TokenAction({
  kind,
  token,
  heading,
  instructions,
}: {
  kind: "confirm" | "unsubscribe";
  token: string;
  heading: string;
  instructions: string;
}) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.newsletter.confirm.mutationOptions());
  const unsubscribe = useMutation(trpc.newsletter.unsubscribe.mutationOptions());
  const mutation = kind === "confirm" ? confirm : unsubscribe;

  const title = <h1 className="text-3xl font-bold text-brand-900">{heading}</h1>;
  if (!token) {
    return (
      <>
        {title}
        <p role="alert" className="mt-6 text-slate-700">
          This link is incomplete. Please use the full link from the email, or subscribe again from our website.
        </p>
      </>
    );
  }

  if (mutation.isSuccess) {
    return (
      <div role="status">
        <h1 className="text-3xl font-bold text-brand-900">
          {kind === "confirm" ? "Your subscription is confirmed." : "You have been unsubscribed."}
        </h1>
        <p className="mt-2 text-slate-700">
          {kind === "confirm"
            ? "Thank you. Our next issue of Continuous Leadership Education will reach your inbox."
            : "You will not receive the newsletter any more. You can subscribe again at any time from our website."}
        </p>
        <Link href="/continuous-leadership-education" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          Read the latest articles
        </Link>
      </div>
    );
  }

  return (
    <>
      {title}
      <p className="mt-4 text-slate-700">{instructions}</p>
      <div className="mt-6">
        <Button size="lg" loading={mutation.isPending} onClick={() => mutation.mutate({ token })}>
          {kind === "confirm" ? "Confirm my subscription" : "Unsubscribe"}
        </Button>
        {mutation.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            {errorMessage(mutation.error, "Something went wrong. Please try again.")}
          </p>
        ) : null}
      </div>
    </>
  );
}
