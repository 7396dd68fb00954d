/**
 * The slots a client can choose: our bookings and the coach's busy Google Calendar times against her
 * availability, and the rule a booking or a move is held to.
 */
import { and, asc, gt, lt, ne, schema, type Database } from "@coach/db";
import { APPOINTMENT_TYPES, type AppointmentType } from "@coach/db/enums";
import {
  APPOINTMENT_TYPE_LABELS,
  computeAvailableSlots,
  type AvailabilitySettings,
  type BookingCheck,
  type BusyInterval,
} from "@coach/scheduling";
import { DomainError } from "../shared/domain-error";
import { loadAvailability } from "./availability";
import { withGoogleCalendar } from "./google/connection";

const { appointments } = schema;

export const SLOT_TAKEN_MESSAGE = "That time is no longer available. Please choose another slot.";

/** Live appointments touching [from, to], padded by the buffer on both sides (one may be left out: the one being moved). */
async function bookedIntervals(db: Database, from: Date, to: Date, bufferMinutes: number, exceptId?: number): Promise<BusyInterval[]> {
  const pad = bufferMinutes * 60_000;
  return db
    .select({ start: appointments.startTime, end: appointments.endTime })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, "canceled"),
        lt(appointments.startTime, new Date(to.getTime() + pad)),
        gt(appointments.endTime, new Date(from.getTime() - pad)),
        exceptId === undefined ? undefined : ne(appointments.id, exceptId),
      ),
    )
    .orderBy(asc(appointments.startTime));
}

/**
 * Refuses a time within the buffer of another live booking; called in the writing transaction, after
 * lockCalendar. The full check (checkBookable) reads the calendar before that lock, and the exclusion
 * constraint refuses only overlaps, so two simultaneous bookings of back-to-back slots both passed and
 * left the coach no buffer between them. Under the lock the other writer has committed, and any row
 * bookedIntervals finds (it pads by the buffer) is one this time would sit too close to.
 */
export async function assertClearOfBookingsLocked(tx: Database, start: Date, end: Date, bufferMinutes: number, exceptId?: number) {
  if ((await bookedIntervals(tx, start, end, bufferMinutes, exceptId)).length > 0) throw new DomainError("CONFLICT", SLOT_TAKEN_MESSAGE);
}

/**
 * Our appointments plus the coach's busy Google Calendar times (when connected and answering).
 * When moving a booking, its own event's block is not counted against it.
 */
export async function busyTimes(
  db: Database,
  from: Date,
  to: Date,
  settings: AvailabilitySettings,
  moving?: { id: number; start: Date; end: Date },
): Promise<BusyInterval[]> {
  const pad = settings.bufferMinutes * 60_000;
  const [booked, google] = await Promise.all([
    bookedIntervals(db, from, to, settings.bufferMinutes, moving?.id),
    withGoogleCalendar(db, "freebusy", (api) => api.busy(new Date(from.getTime() - pad), new Date(to.getTime() + pad))),
  ]);
  const own = (b: BusyInterval) => !!moving && b.start.getTime() === moving.start.getTime() && b.end.getTime() === moving.end.getTime();
  return google ? [...booked, ...google.filter((b) => !own(b))] : booked;
}

/** Without an explicit type, the length tells which one was booked (the spec's client does not send it). */
export function typeForLength(settings: AvailabilitySettings, minutes: number): AppointmentType {
  return APPOINTMENT_TYPES.find((t) => settings.durations[t] === minutes) ?? "consultation";
}

/** The types a client can book, with their labels, lengths and intake questions. */
function typeList(settings: AvailabilitySettings) {
  return APPOINTMENT_TYPES.map((value) => ({
    value,
    label: APPOINTMENT_TYPE_LABELS[value],
    minutes: settings.durations[value],
    location: settings.locations[value] || null,
    questions: settings.intakeQuestions[value],
  }));
}

export async function appointmentTypes(db: Database) {
  return typeList(await loadAvailability(db));
}

/** What the booking page needs to draw its choices: types with their lengths and questions, the horizon, the policy. */
export async function bookingOptions(db: Database) {
  const settings = await loadAvailability(db);
  return {
    types: typeList(settings),
    coachTimeZone: settings.timeZone,
    maxDaysAhead: settings.maxDaysAhead,
    daysOff: settings.daysOff,
    policy: settings.policy,
  };
}

export async function availableSlots(db: Database, input: { startDate: Date; endDate: Date; appointmentType: AppointmentType }) {
  const settings = await loadAvailability(db);
  const busy = await busyTimes(db, input.startDate, input.endDate, settings);
  return computeAvailableSlots({
    settings,
    appointmentType: input.appointmentType,
    from: input.startDate,
    to: input.endDate,
    now: new Date(),
    busy,
  });
}

/** The coach is held to the calendar (no overlap, the right length, not in the past) but not to hours, notice or horizon. */
const COACH_MAY_OVERRIDE = new Set(["NOTICE", "TOO_FAR", "OUTSIDE_HOURS", "DAY_OFF", "WEEKEND"]);

export function assertSlot(verdict: BookingCheck, byCoach: boolean, allowPast = false) {
  if (verdict.ok || (byCoach && COACH_MAY_OVERRIDE.has(verdict.code)) || (allowPast && verdict.code === "PAST")) return;
  throw new DomainError(verdict.code === "CONFLICT" ? "CONFLICT" : "UNPROCESSABLE_CONTENT", verdict.message);
}
