import { handleStripeWebhook, log } from "@coach/api";
import { getDb } from "@coach/db";

export const dynamic = "force-dynamic";

/**
 * Stripe's webhook deliveries (decision 27). Its own route, not the REST adapter: the signature is
 * computed over the exact body, so it is read as text here and checked before anything parses it.
 * No session and no CSRF check apply: the signature is the authentication.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const answer = await handleStripeWebhook(getDb, await request.text(), request.headers.get("stripe-signature"));
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    // The database is unreachable: not 2xx, so Stripe delivers again later.
    log("error", "stripe webhook could not run", { error });
    return Response.json({ error: "The service is unavailable; Stripe will retry." }, { status: 503 });
  }
}
