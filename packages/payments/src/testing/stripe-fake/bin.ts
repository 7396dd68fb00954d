/**
 * Runs the Stripe fake on its own, for the browser and multi-instance suites:
 *   pnpm --filter @coach/payments stripe-fake -- --port 12111 --deliver-to http://127.0.0.1:3230/api/stripe/webhook
 * Prints one JSON line with baseUrl, secretKey and webhookSecret, then serves until stopped.
 */
import { parseArgs } from "node:util";
import { startStripeFake } from "./index";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12111" },
    "deliver-to": { type: "string" },
    "secret-key": { type: "string" },
    "webhook-secret": { type: "string" },
  },
});

const fake = await startStripeFake({
  port: Number(values.port),
  deliverTo: values["deliver-to"] ?? null,
  secretKey: values["secret-key"],
  webhookSecret: values["webhook-secret"],
});
process.stdout.write(`${JSON.stringify({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, webhookSecret: fake.webhookSecret })}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void fake.close().then(() => process.exit(0)));
