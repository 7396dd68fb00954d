/**
 * The practice's booking policies (stored with the availability settings). They bind clients only:
 * the coach may cancel, move or book anything. Refusals are 422 with the practice's contact.
 */
import type { BookingPolicy } from "@coach/scheduling";
import type { Database } from "@coach/db";
import { PRACTICE_NAME } from "@coach/email";
import { DomainError } from "../shared/domain-error";
import { coachContact } from "../users/service";

async function contactLine(db: Database): Promise<string> {
  const coach = await coachContact(db);
  return coach ? `Please contact ${coach.name} at ${coach.email}.` : `Please contact ${PRACTICE_NAME} through the contact page.`;
}

export type ChangeKind = "cancel" | "reschedule";

/** Inside the cut-off, past the reschedule limit or without a required reason: refused with a message. */
export async function assertClientMayChange(
  db: Database,
  policy: BookingPolicy,
  kind: ChangeKind,
  appt: { startTime: Date; rescheduleCount: number },
  reason: string | undefined,
  now = new Date(),
): Promise<void> {
  const verb = kind === "cancel" ? "canceled" : "rescheduled";
  if (appt.startTime.getTime() - now.getTime() < policy.changeCutoffHours * 3_600_000) {
    throw new DomainError(
      "UNPROCESSABLE_CONTENT",
      `This appointment can no longer be ${verb} online: changes close ${policy.changeCutoffHours} hours before the start. ${await contactLine(db)}`,
    );
  }
  if (kind === "reschedule" && appt.rescheduleCount >= policy.maxReschedules) {
    throw new DomainError(
      "UNPROCESSABLE_CONTENT",
      policy.maxReschedules === 0
        ? `Appointments cannot be rescheduled online. ${await contactLine(db)}`
        : `This appointment has already been rescheduled ${appt.rescheduleCount} ${appt.rescheduleCount === 1 ? "time" : "times"}, the most allowed. ${await contactLine(db)}`,
    );
  }
  if (policy.reasonRequired && !reason?.trim()) {
    throw new DomainError("UNPROCESSABLE_CONTENT", `Please give a reason why the appointment is being ${verb}.`);
  }
}

export async function assertUnderBookingCap(db: Database, policy: BookingPolicy, upcoming: number): Promise<void> {
  if (upcoming >= policy.maxFutureBookings) {
    throw new DomainError(
      "UNPROCESSABLE_CONTENT",
      `You already have ${upcoming} upcoming ${upcoming === 1 ? "appointment" : "appointments"}, the most that can be booked at once. Cancel one or wait until after your next session, or ${(await contactLine(db)).replace(/^Please c/, "c")}`,
    );
  }
}
