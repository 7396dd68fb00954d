/**
 * The Stripe fake wired to this app for database tests: its events are delivered over HTTP to an
 * endpoint that does what the Next route does (raw body and signature to handleStripeWebhook with
 * every real handler), and the settings point stripe-node at the fake.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "@coach/db";
import { startStripeFake, stripeEnv, type StripeFake } from "@coach/payments/testing/stripe-fake";
import { handleStripeWebhook } from "../payments/webhook";

export interface WiredStripe {
  fake: StripeFake;
  close(): Promise<void>;
}

export async function wireStripeFake(db: Database): Promise<WiredStripe> {
  const fake = await startStripeFake();
  const endpoint: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void handleStripeWebhook(() => db, Buffer.concat(chunks).toString("utf8"), String(req.headers["stripe-signature"])).then((answer) =>
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body)),
      );
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  fake.deliverTo = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/stripe/webhook`;
  Object.assign(process.env, stripeEnv(fake));
  return {
    fake,
    close: async () => {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE_URL", "STRIPE_WEBHOOK_SECRET"]) delete process.env[key];
      await fake.close();
      await new Promise((resolve) => endpoint.close(resolve));
    },
  };
}

/** Runs `work` while Stripe cannot be reached (the client's address points at a closed port), as in an outage. */
export async function withStripeDown<T>(work: () => Promise<T>): Promise<T> {
  const saved = process.env.STRIPE_API_BASE_URL;
  process.env.STRIPE_API_BASE_URL = "http://127.0.0.1:9";
  try {
    return await work();
  } finally {
    process.env.STRIPE_API_BASE_URL = saved;
  }
}
