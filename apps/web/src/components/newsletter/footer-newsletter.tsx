"use client";

import { useActionState, useId, useRef, useState } from "react";
import { toast } from "@coach/ui/toast";
import type { SubscribeInput } from "@coach/validators/newsletter";
import { errorMessage } from "~/lib/errors";
import { IDLE_POST, postedValue } from "~/lib/form-post-state";
import { postNewsletterSignup } from "~/server/form-posts";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { useLazyMutation } from "~/trpc/lazy-client";

/** The footer's newsletter box (the spec leaves it inert; here it subscribes like the Resources form). */
export function FooterNewsletter() {
  const id = useId();
  // Posted before the scripts ran (or without them): the server action's answer (src/server/form-posts.ts).
  const [posted, postAction] = useActionState(postNewsletterSignup, IDLE_POST);
  const [email, setEmail] = useState(postedValue(posted, "email") ?? "");
  const emailField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(emailField, setEmail);
  const [website, setWebsite] = useState("");
  const [done, setDone] = useState(false);
  const subscribe = useLazyMutation((client, input: SubscribeInput) => client.newsletter.subscribe.mutate(input));

  if (done || posted.status === "sent") {
    return (
      <p role="status" className="text-sm font-medium text-white">
        Thank you! Please check your inbox to confirm your subscription.
      </p>
    );
  }

  return (
    <form
      action={postAction}
      className="relative flex flex-wrap gap-2"
      aria-label="Footer newsletter"
      onSubmit={(event) => {
        event.preventDefault();
        void subscribe.mutateAsync({ email, website: website || undefined }).then(
          () => {
            setEmail("");
            setDone(true);
            toast({ title: "Subscription Successful", description: "Thank you for subscribing to our newsletter!" });
          },
          (error: unknown) =>
            toast({
              title: "Subscription Failed",
              description: errorMessage(error, "Failed to subscribe to the newsletter"),
              variant: "destructive",
            }),
        );
      }}
    >
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <input
        id={`${id}-email`}
        type="email"
        required
        autoComplete="email"
        placeholder="Your email"
        ref={emailField}
        name="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="h-10 min-w-0 flex-1 rounded-md border border-brand-700 bg-brand-800 px-3 text-sm text-white placeholder:text-brand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
      />
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
        </label>
      </div>
      <button
        type="submit"
        // Never disabled for an empty field: without scripts nothing would enable it again (the field is `required`).
        disabled={subscribe.isPending}
        className="h-10 rounded-md bg-accent-500 px-4 text-sm font-semibold text-brand-900 hover:bg-accent-600 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {subscribe.isPending ? "Subscribing..." : "Subscribe"}
      </button>
      {posted.status === "invalid" || posted.status === "failed" ? (
        <p role="alert" className="w-full text-sm font-medium text-white">
          {posted.status === "failed" ? posted.message : (posted.errors.email ?? Object.values(posted.errors)[0])}
        </p>
      ) : null}
    </form>
  );
}
