"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@coach/ui/button";
import { inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import type { SubscribeInput } from "@coach/validators/newsletter";
import { errorMessage } from "~/lib/errors";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { useLazyMutation } from "~/trpc/lazy-client";

/** Resources page: a single email field; cleared on success, kept on failure. */
export function ResourcesNewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const emailField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(emailField, setEmail);
  const [website, setWebsite] = useState("");
  const subscribe = useLazyMutation((client, input: SubscribeInput) => client.newsletter.subscribe.mutate(input));

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void subscribe.mutateAsync({ email, website: website || undefined }).then(
      () => {
        setEmail("");
        toast({ title: "Subscription Successful", description: "Thank you for subscribing to our newsletter!" });
      },
      (error: unknown) =>
        toast({
          title: "Subscription Failed",
          description: errorMessage(error, "Failed to subscribe to the newsletter"),
          variant: "destructive",
        }),
    );
  };

  return (
    <form method="post" onSubmit={onSubmit} className="relative flex flex-col gap-3 sm:flex-row" aria-label="Newsletter">
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <input
        id={`${id}-email`}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="Your email address"
        ref={emailField}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className={`${inputClasses} h-12 flex-1 border-slate-300 text-base`}
      />
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={email.trim() === "" || subscribe.isPending} loading={subscribe.isPending}>
        Subscribe
      </Button>
    </form>
  );
}
