"use server";

import { TRPCError } from "@trpc/server";
import { contactFormSchema } from "@coach/validators/contact";
import { subscribeInput } from "@coach/validators/newsletter";
import { errorMessage } from "~/lib/errors";
import type { FormPostState } from "~/lib/form-post-state";
import { serverCaller } from "~/trpc/caller";

/**
 * The public forms when the page's scripts have not run (a slow connection, scripts off): the browser
 * posts the form to the page, and these actions send it through the same procedures as the tRPC call
 * (validation, rate limits per client address, storing, emailing), so the visitor gets the same
 * confirmation or the same messages next to what they typed. With scripts running, the forms call
 * tRPC themselves and never reach these.
 */

const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "company", "subject", "message", "website"] as const;
const NEWSLETTER_FIELDS = ["email", "firstName", "lastName", "website"] as const;

function valuesOf(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((name) => [name, String(form.get(name) ?? "").slice(0, 5000)]));
}

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return errors;
}

async function post(
  form: FormData,
  fields: readonly string[],
  parse: (
    values: Record<string, string>,
  ) => { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  send: (input: never) => Promise<unknown>,
): Promise<FormPostState> {
  const values = valuesOf(form, fields);
  const parsed = parse(values);
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error.issues), values };
  try {
    await send(parsed.data as never);
    return { status: "sent" };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    // A refusal (too many posts, a database outage) says why; an internal failure never shows its details.
    const message =
      error.code === "INTERNAL_SERVER_ERROR" ? "This could not be sent. Please try again." : errorMessage(error, "Please try again.");
    return { status: "failed", message, values };
  }
}

export async function postContactForm(_previous: FormPostState, form: FormData): Promise<FormPostState> {
  const caller = await serverCaller();
  return post(
    form,
    CONTACT_FIELDS,
    (v) => contactFormSchema.safeParse(v),
    (input) => caller.contact.submit(input),
  );
}

export async function postNewsletterSignup(_previous: FormPostState, form: FormData): Promise<FormPostState> {
  const caller = await serverCaller();
  return post(
    form,
    NEWSLETTER_FIELDS,
    (v) => subscribeInput.safeParse(v),
    (input) => caller.newsletter.subscribe(input),
  );
}
