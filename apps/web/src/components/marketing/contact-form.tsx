"use client";

import { useActionState, useId, useRef, useState } from "react";
import { toast } from "@coach/ui/toast";
import type { ContactFormInput, ContactFormValues } from "@coach/validators/contact";
import { errorMessage } from "~/lib/errors";
import { type FormPostState, IDLE_POST, postedValue } from "~/lib/form-post-state";
import { postContactForm } from "~/server/form-posts";
import { useLazySchemaForm } from "~/lib/lazy-form";
import { useLazyMutation } from "~/trpc/lazy-client";

const loadSchema = () => import("@coach/validators/contact").then((m) => m.contactFormSchema);
const FIELDS = ["firstName", "lastName", "email", "phone", "company", "subject", "message", "website"] as const satisfies ReadonlyArray<
  keyof ContactFormInput
>;

const field =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * The contact form (spec sections 2, 4 and 5): validated in the browser and again on the server,
 * stored and forwarded to the coach. The hidden "website" field is a honeypot for bots.
 */
export function ContactForm({ subjects, heading }: { subjects: ReadonlyArray<{ value: string; label: string }>; heading?: string }) {
  const uid = useId();
  const successRef = useRef<HTMLDivElement>(null);
  const {
    errors: clientErrors,
    submitting,
    handleSubmit,
    handleChange,
    reset,
  } = useLazySchemaForm<ContactFormInput, ContactFormValues>(loadSchema, FIELDS);
  const submit = useLazyMutation((client, values: ContactFormValues) => client.contact.submit.mutate(values));
  // Posted before the scripts ran (or without them): the server action's answer (src/server/form-posts.ts).
  const [posted, postAction] = useActionState(postContactForm, IDLE_POST);
  // A post's answer shows until the visitor submits again or starts a new message.
  const [postSeen, setPostSeen] = useState<FormPostState>(IDLE_POST);
  const fromPost = posted === postSeen ? IDLE_POST : posted;
  const errors = fromPost.status === "invalid" ? { ...fromPost.errors, ...clientErrors } : clientErrors;
  const send = async (values: ContactFormValues) => {
    setPostSeen(posted);
    try {
      await submit.mutateAsync(values);
    } catch {
      return; // shown below the form from submit.error
    }
    toast({ title: "Message Sent", description: "Your message has been received. We'll be in touch soon!" });
    requestAnimationFrame(() => successRef.current?.focus());
  };

  if (submit.isSuccess || fromPost.status === "sent") {
    return (
      <div ref={successRef} tabIndex={-1} className="rounded-xl border border-emerald-200 bg-emerald-50 p-8 text-center focus:outline-none">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-12 w-12 text-emerald-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h3 className="mt-4 text-2xl font-semibold text-brand-900">Message Sent!</h3>
        <p className="mt-2 text-slate-700">Thank you for reaching out. We&apos;ll get back to you within 1-2 business days.</p>
        <button
          type="button"
          // The form comes back empty (its fields are not controlled) and quiet until the next submit.
          onClick={() => {
            reset();
            submit.reset();
            setPostSeen(posted);
          }}
          className="mt-6 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Send Another Message
        </button>
      </div>
    );
  }

  const sending = submitting || submit.isPending;
  const ids = (name: string) => ({ id: `${uid}-${name}`, error: `${uid}-${name}-error` });
  const errorProps = (name: keyof ContactFormInput) => {
    const message = errors[name];
    return message ? { "aria-invalid": true as const, "aria-describedby": ids(name).error } : {};
  };
  const errorText = (name: keyof ContactFormInput) =>
    errors[name] ? (
      <p id={ids(name).error} className="mt-1.5 text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const border = (name: keyof ContactFormInput) => (errors[name] ? "border-red-600" : "border-slate-300");

  return (
    <form
      action={postAction}
      noValidate
      onSubmit={handleSubmit(send)}
      onChange={handleChange}
      className="grid gap-5"
      aria-label={heading ?? "Contact form"}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids("firstName").id} className="block text-sm font-medium text-slate-800">
            First Name <span aria-hidden="true">*</span>
          </label>
          <input
            id={ids("firstName").id}
            autoComplete="given-name"
            required
            className={`mt-1.5 ${field} ${border("firstName")}`}
            {...errorProps("firstName")}
            name="firstName"
            defaultValue={postedValue(fromPost, "firstName")}
          />
          {errorText("firstName")}
        </div>
        <div>
          <label htmlFor={ids("lastName").id} className="block text-sm font-medium text-slate-800">
            Last Name <span aria-hidden="true">*</span>
          </label>
          <input
            id={ids("lastName").id}
            autoComplete="family-name"
            required
            className={`mt-1.5 ${field} ${border("lastName")}`}
            {...errorProps("lastName")}
            name="lastName"
            defaultValue={postedValue(fromPost, "lastName")}
          />
          {errorText("lastName")}
        </div>
        <div>
          <label htmlFor={ids("email").id} className="block text-sm font-medium text-slate-800">
            Email <span aria-hidden="true">*</span>
          </label>
          <input
            id={ids("email").id}
            type="email"
            autoComplete="email"
            required
            className={`mt-1.5 ${field} ${border("email")}`}
            {...errorProps("email")}
            name="email"
            defaultValue={postedValue(fromPost, "email")}
          />
          {errorText("email")}
        </div>
        <div>
          <label htmlFor={ids("phone").id} className="block text-sm font-medium text-slate-800">
            Phone <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id={ids("phone").id}
            type="tel"
            autoComplete="tel"
            className={`mt-1.5 ${field} ${border("phone")}`}
            {...errorProps("phone")}
            name="phone"
            defaultValue={postedValue(fromPost, "phone")}
          />
          {errorText("phone")}
        </div>
        <div>
          <label htmlFor={ids("company").id} className="block text-sm font-medium text-slate-800">
            Company <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id={ids("company").id}
            autoComplete="organization"
            className={`mt-1.5 ${field} ${border("company")}`}
            {...errorProps("company")}
            name="company"
            defaultValue={postedValue(fromPost, "company")}
          />
          {errorText("company")}
        </div>
        <div>
          <label htmlFor={ids("subject").id} className="block text-sm font-medium text-slate-800">
            Subject <span aria-hidden="true">*</span>
          </label>
          <select
            id={ids("subject").id}
            required
            className={`mt-1.5 ${field} ${border("subject")}`}
            {...errorProps("subject")}
            name="subject"
            defaultValue={postedValue(fromPost, "subject")}
          >
            <option value="">Select a subject</option>
            {subjects.map((subject) => (
              <option key={subject.value} value={subject.value}>
                {subject.label}
              </option>
            ))}
          </select>
          {errorText("subject")}
        </div>
      </div>
      <div>
        <label htmlFor={ids("message").id} className="block text-sm font-medium text-slate-800">
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={ids("message").id}
          rows={6}
          required
          className={`mt-1.5 ${field} ${border("message")}`}
          {...errorProps("message")}
          name="message"
          defaultValue={postedValue(fromPost, "message")}
        />
        {errorText("message")}
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={ids("website").id}>Website</label>
        <input id={ids("website").id} type="text" tabIndex={-1} autoComplete="off" name="website" />
      </div>
      {submit.status === "error" || fromPost.status === "failed" ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {(fromPost.status === "failed" ? fromPost.message : errorMessage(submit.error, "")) ||
            "Your message could not be sent. Please try again, or email us directly."}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-80 sm:w-auto"
        >
          {sending ? "Sending..." : "Send Message"}
        </button>
        <p className="mt-3 text-sm text-slate-600">
          We reply within 1-2 business days. Your details are used only to answer you; see our{" "}
          <a href="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </a>
          .
        </p>
      </div>
    </form>
  );
}
