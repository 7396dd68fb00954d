/** Opens the Checkout Session of a pay-to-book hold; a hold whose session cannot be opened is released at once. */
import type { Database } from "@coach/db";
import type { Offer, User } from "@coach/db/schema";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { openSession } from "./checkout";
import { releaseHolds } from "./holds";

export async function startHoldCheckout(
  db: Database,
  payment: { id: number; amount: number; currency: string; appointmentId: number | null },
  offer: Offer,
  user: Pick<User, "id" | "email">,
): Promise<string> {
  try {
    return (await openSession(db, payment, offer, user, { returnTo: "/appointments", payNow: true })).url;
  } catch (error) {
    // Without a session nobody can pay the hold: free the slot now rather than in 15 minutes.
    log("error", "checkout for a hold failed; hold released", { paymentId: payment.id, error });
    await db.transaction((tx) => releaseHolds(tx, payment.appointmentId ? [payment.appointmentId] : []));
    throw new DomainError("SERVICE_UNAVAILABLE", "The payment page could not be opened, so the time was not held. Please try again.", {
      cause: error,
    });
  }
}
