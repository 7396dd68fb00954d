import { WEBHOOK_MAX_BYTES, handleStripeWebhook, log } from "@coach/api";
import { getDb } from "@coach/db";

export const dynamic = "force-dynamic";

const TOO_LARGE = { error: "The body is too large for a Stripe event." };

/** The body as text, read no further than `max` bytes: undefined when it is longer. */
async function boundedText(request: Request, max: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > max) return undefined;
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Stripe's webhook deliveries (decision 27). Its own route, not the REST adapter: the signature is
 * computed over the exact body, so it is read as text here and checked before anything parses it.
 * No session and no CSRF check apply: the signature is the authentication. A body longer than any
 * Stripe event is refused before it is read into memory.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await boundedText(request, WEBHOOK_MAX_BYTES);
  if (body === undefined) return Response.json(TOO_LARGE, { status: 413 });
  try {
    const answer = await handleStripeWebhook(getDb, body, request.headers.get("stripe-signature"));
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    // The database is unreachable: not 2xx, so Stripe delivers again later.
    log("error", "stripe webhook could not run", { error });
    return Response.json({ error: "The service is unavailable; Stripe will retry." }, { status: 503 });
  }
}
