"use client";

import { useState } from "react";
import { Button } from "@coach/ui/button";
import { TextField } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import type { SubscribeInput } from "@coach/validators/newsletter";
import { errorMessage } from "~/lib/errors";
import { useLazySchemaForm } from "~/lib/lazy-form";
import { useLazyMutation } from "~/trpc/lazy-client";
import { Honeypot } from "./honeypot";

const loadSchema = () => import("@coach/validators/newsletter").then((m) => m.subscribeInput);
const FIELDS = ["email", "firstName", "lastName", "website"] as const;

/** Home section 10: email plus optional first and last name; a thank-you view replaces the form on success. */
export function NewsletterCard() {
  const [done, setDone] = useState(false);
  const subscribe = useLazyMutation((client, values: SubscribeInput) => client.newsletter.subscribe.mutate(values));
  const { errors, handleSubmit, handleChange } = useLazySchemaForm(loadSchema, FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await subscribe.mutateAsync(values);
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Failed to subscribe. Please try again."), variant: "destructive" });
      return;
    }
    setDone(true);
    toast({ title: "Success!", description: "You have been subscribed to our newsletter." });
  });

  return (
    <section aria-labelledby="newsletter-card-title" className="bg-brand-50 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm md:p-10">
          {done ? (
            <div role="status" className="text-center">
              <h2 id="newsletter-card-title" className="text-2xl font-bold text-brand-900 md:text-3xl">
                Thank You for Subscribing!
              </h2>
              <p className="mt-4 text-slate-700">
                You will receive our latest leadership insights soon. Please check your inbox and confirm your address so our emails reach
                you.
              </p>
            </div>
          ) : (
            <>
              <h2 id="newsletter-card-title" className="text-center text-2xl font-bold text-brand-900 md:text-3xl">
                Subscribe to Our Newsletter
              </h2>
              <p className="mt-3 text-center text-slate-700">
                Research-based leadership insights, new articles and event invitations, once a month. Unsubscribe at any time.
              </p>
              <form method="post" onSubmit={onSubmit} onChange={handleChange} noValidate className="relative mt-8 space-y-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="First name (optional)" name="firstName" autoComplete="given-name" error={errors.firstName} />
                  <TextField label="Last name (optional)" name="lastName" autoComplete="family-name" error={errors.lastName} />
                </div>
                <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
                <Honeypot />
                <Button type="submit" size="lg" className="w-full" disabled={subscribe.isPending}>
                  {subscribe.isPending ? "Subscribing..." : "Subscribe"}
                </Button>
                <p className="text-center text-xs text-slate-600">
                  We will email you a link to confirm. See our{" "}
                  <a href="/privacy" className="underline">
                    privacy policy
                  </a>
                  .
                </p>
              </form>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
