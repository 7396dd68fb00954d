/**
 * The newsletter's sign-up counter for an address goes with an account of that address. The
 * subscription itself stays: it is filed under the address, which registering proves no one owns,
 * and it ends by its own unsubscribe link.
 */
import type { AccountEraser } from "../shared/account-data";
import { forgetRateLimit } from "../shared/rate-limit-keys";
import { hashToken } from "./tokens";

/** The key of the per-address sign-up counter: hashed, so the table holds no address. */
export const newsletterRateKey = (email: string) => `newsletter-email:${hashToken(email)}`;

export const newsletterCounterEraser: AccountEraser = {
  name: "newsletter sign-up counter",
  erase: ({ tx, person }) => forgetRateLimit(tx, newsletterRateKey(person.email)),
};
