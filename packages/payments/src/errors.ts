/**
 * What a person may read of a failed Stripe call. Stripe's message for a request it refused names
 * something the coach can correct (a tax id in the wrong format, an address Stripe cannot use); a
 * connection, authentication or server failure names our configuration or Stripe's insides, which
 * belong in the log, not in the console.
 */
const CORRECTABLE = new Set(["StripeInvalidRequestError", "StripeCardError"]);

export function stripeReasonForPeople(error: unknown): string {
  const type = (error as { type?: unknown } | null)?.type;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof type === "string" && CORRECTABLE.has(type) && typeof message === "string" && message.length > 0) return message;
  // Retrying cannot fix these: the server's Stripe key is wrong or lacks a permission.
  if (type === "StripeAuthenticationError" || type === "StripePermissionError") return "Stripe refused this site's payment settings";
  return "Stripe could not be reached";
}
