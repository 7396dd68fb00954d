/**
 * A client's bookings: listing them and making one (by the client, or by the coach for a client).
 * Google Calendar and the emails are side effects that never block a booking.
 */
import { and, count, desc, eq, gt, ne, or, pgErrorCode, schema, type Database } from "@coach/db";
import type { AppointmentType } from "@coach/db/enums";
import { checkBookable, withTitlePrefix } from "@coach/scheduling";
import type { SessionUser } from "@coach/auth";
import { columnsOf, lockCalendar, retryOnDeadlock } from "../shared/db";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { enforceRateLimit } from "../shared/rate-limit";
import { displayName } from "../users/service";
import { loadAvailability } from "./availability";
import { answersText, sendBookingEmails } from "./emails";
import { withGoogleCalendar } from "./google/connection";
import { resolveAnswers } from "./intake";
import { assertUnderBookingCap } from "./policy";
import { appointmentOutput } from "./shapes";
import { assertClearOfBookingsLocked, assertSlot, busyTimes, SLOT_TAKEN_MESSAGE, typeForLength } from "./slots";
import { holdColumns, paymentPlan, settleInTransaction, type PaymentPlan } from "../payments/holds";
import { startHoldCheckout } from "../payments/hold-checkout";

const { appointments } = schema;

const BOOKING_RATE = {
  name: "booking",
  limit: 20,
  windowSeconds: 3600,
  message: "Too many booking attempts. Please wait a while and try again.",
};

/** The columns a client sees, read from its output shape (shapes.ts). */
export const publicColumns = columnsOf(appointments, appointmentOutput);

/** The client's live appointments, newest first. */
export async function myAppointments(db: Database, userId: number) {
  return db
    .select(publicColumns)
    .from(appointments)
    .where(and(eq(appointments.userId, userId), ne(appointments.status, "canceled")))
    .orderBy(desc(appointments.startTime), desc(appointments.id));
}

export interface BookingRequest {
  title: string;
  description?: string;
  startTime: Date;
  endTime: Date;
  appointmentType?: AppointmentType;
  timeZone?: string;
  /** Answers to the type's intake questions; required ones must be answered when given or when a client names the type. */
  answers?: Array<{ questionId: string; answer: string }>;
  /** A paid session offer: the booking is held `awaiting_payment` and paid through Checkout (issue 31). */
  offerId?: number;
}

/**
 * The client's upcoming bookings for the cap: scheduled ones and paid sessions still held for payment
 * (a hold holds its slot and becomes a booking once paid, so leaving holds out let a client past the
 * cap one Checkout at a time). A hold past its expiry is being released and no longer counts.
 */
async function upcomingCount(db: Database, userId: number): Promise<number> {
  const now = new Date();
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        gt(appointments.startTime, now),
        or(eq(appointments.status, "scheduled"), and(eq(appointments.status, "awaiting_payment"), gt(appointments.holdExpiresAt, now))),
      ),
    );
  return row?.n ?? 0;
}

type Client = Pick<SessionUser, "id" | "email" | "firstName" | "lastName" | "username">;

/** A client's booking: slot rules, their upcoming-bookings cap and the intake answers. */
export async function book(db: Database, user: SessionUser, input: BookingRequest, requestId?: string) {
  await enforceRateLimit(db, `${BOOKING_RATE.name}:user:${user.id}`, BOOKING_RATE);
  return createBooking(db, user, input, { byCoach: user.role === "admin", requestId });
}

/**
 * The coach books for a client (policies do not apply; the calendar does). She may also record a
 * session that already took place (e.g. arranged by phone), so its attendance can be kept.
 */
export async function bookForClient(db: Database, input: BookingRequest & { userId: number }, requestId?: string) {
  const [client] = await db.select().from(schema.users).where(eq(schema.users.id, input.userId));
  if (!client) throw new DomainError("NOT_FOUND", "That client no longer exists. Refresh the list.");
  return createBooking(db, client, input, { byCoach: true, allowPast: true, requestId });
}

async function createBooking(
  db: Database,
  user: Client,
  input: BookingRequest,
  options: { byCoach: boolean; allowPast?: boolean; requestId?: string },
) {
  const settings = await loadAvailability(db);
  const start = input.startTime;
  const end = input.endTime;
  const busy = await busyTimes(db, start, end, settings);
  assertSlot(
    checkBookable({ settings, appointmentType: input.appointmentType, start, end, now: new Date(), busy }),
    options.byCoach,
    options.allowPast,
  );
  const type = input.appointmentType ?? typeForLength(settings, (end.getTime() - start.getTime()) / 60_000);
  // A client who names a type answers its required questions, with or without an `answers` field;
  // the spec's payload names no type and still books. The coach, booking for a client, may leave
  // them for the client (she arranged it with them), but what she does answer is checked.
  const named = input.appointmentType !== undefined && !options.byCoach;
  const answers = input.answers || named ? resolveAnswers(settings.intakeQuestions[type], input.answers ?? []) : [];
  const name = displayName(user);
  const title = input.appointmentType ? withTitlePrefix(type, name, input.title) : input.title;
  // The coach books without charging (she arranged it); a client's booking of a paid type is paid.
  const plan: PaymentPlan = options.byCoach ? { mode: "free" } : await paymentPlan(db, type, input.offerId);

  let created;
  try {
    created = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        if (!options.byCoach) {
          // One client's bookings are counted and inserted one at a time: the lock on their user row
          // (NO KEY UPDATE, so other rows may still reference the user) holds until commit, so
          // simultaneous bookings cannot all see the count below the cap.
          const [locked] = await tx
            .select({ id: schema.users.id })
            .from(schema.users)
            .where(eq(schema.users.id, user.id))
            .for("no key update");
          if (!locked) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
          await assertUnderBookingCap(tx, settings.policy, await upcomingCount(tx, user.id));
        }
        // Simultaneous bookings queue here rather than tangle on the no-overlap constraint (lockCalendar).
        await lockCalendar(tx);
        await assertClearOfBookingsLocked(tx, start, end, settings.bufferMinutes);
        const [row] = await tx
          .insert(appointments)
          .values({
            userId: user.id,
            title,
            description: input.description ?? null,
            appointmentType: type,
            startTime: start,
            endTime: end,
            status: "scheduled",
            answers,
            clientTimeZone: input.timeZone ?? null,
            ...holdColumns(plan),
          })
          .returning(publicColumns);
        const payment = await settleInTransaction(tx, plan, { id: row!.id, userId: user.id, appointmentType: type });
        return { row, payment };
      }),
    );
  } catch (error) {
    // Another booking of the same time committed first: the exclusion constraint refused this one.
    if (pgErrorCode(error) === "23P01") throw new DomainError("CONFLICT", SLOT_TAKEN_MESSAGE, { cause: error });
    throw error;
  }
  if (!created.row) throw new Error("insert returned nothing");
  if (created.payment && plan.mode === "hold") {
    // Not booked yet: Google Calendar and the emails wait for the verified payment (payments/checkout-events.ts).
    const checkoutUrl = await startHoldCheckout(db, created.payment, plan.offer, user);
    log("info", "appointment held for payment", { requestId: options.requestId, appointmentId: created.row.id });
    return { ...created.row, checkoutUrl };
  }
  await announceBooking(db, { ...created.row, clientTimeZone: input.timeZone ?? null }, user, {
    byCoach: options.byCoach,
    requestId: options.requestId,
  });
  return created.row;
}

type Announced = Pick<
  typeof appointments.$inferSelect,
  "id" | "title" | "description" | "answers" | "startTime" | "endTime" | "appointmentType" | "clientTimeZone"
> &
  Parameters<typeof sendBookingEmails>[1];

/**
 * What follows a booking once it is confirmed (at once, or when its payment's webhook arrived):
 * the Google Calendar event and, for a session still ahead, the emails.
 */
export async function announceBooking(db: Database, created: Announced, user: Client, options: { byCoach: boolean; requestId?: string }) {
  const settings = await loadAvailability(db);
  const name = displayName(user);
  const client = { email: user.email, name };
  const appointmentId = created.id;
  const { title, answers, startTime: start, endTime: end } = created;
  const input = { description: created.description ?? undefined, timeZone: created.clientTimeZone ?? undefined };
  const event = await withGoogleCalendar(db, "create event", (api) =>
    api.createEvent({
      appointmentId,
      summary: title,
      description: eventDescription(input.description ?? null, answers, client),
      start,
      end,
      attendee: client,
    }),
  );
  if (event) await db.update(appointments).set({ googleEventId: event.id }).where(eq(appointments.id, created.id));

  // A session the coach records after it took place gets no confirmation ("please cancel if you can't
  // attend" about the past); a booking for later does.
  if (start.getTime() > Date.now()) await sendBookingEmails(db, { ...created, answers }, client, settings, input.timeZone, event?.meetLink);
  log("info", "appointment booked", { requestId: options.requestId, appointmentId: created.id, google: !!event, byCoach: options.byCoach });
}

function eventDescription(notes: string | null, answers: Parameters<typeof answersText>[0], client: { name: string; email: string }) {
  return [notes ?? "", answersText(answers), `Client: ${client.name} <${client.email}>`].filter(Boolean).join("\n\n");
}
