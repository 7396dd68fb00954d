/**
 * Server-side check of a requested booking. It accepts exactly the slots that
 * computeAvailableSlots would offer (same candidate generator), and says why not otherwise.
 */
import {
  APPOINTMENT_TYPES,
  APPOINTMENT_TYPE_LABELS,
  appointmentDuration,
  type AppointmentType,
  type AvailabilitySettings,
  isClosedDay,
} from "./settings";
import { BusyIndex, type BusyInterval } from "./slots";
import { HOUR, MINUTE, assertValidDate, dayCandidates, isWeekend, lastBookableDay, localDateKey, workingIntervals } from "./zoned";

export type BookingRejectionCode = "PAST" | "NOTICE" | "OUTSIDE_HOURS" | "TOO_FAR" | "DAY_OFF" | "WEEKEND" | "CONFLICT" | "BAD_LENGTH";

export type BookingCheck = { ok: true } | { ok: false; code: BookingRejectionCode; message: string };

export interface BookingRequest {
  settings: AvailabilitySettings;
  /** When given, the length must equal this type's duration; otherwise any type's duration. */
  appointmentType?: AppointmentType;
  start: Date;
  end: Date;
  now: Date;
  /** Existing appointments + Google busy blocks (exclude the appointment being moved, if any). */
  busy: readonly BusyInterval[];
}

const reject = (code: BookingRejectionCode, message: string): BookingCheck => ({ ok: false, code, message });

/** "30 or 60", "30, 45 or 60" */
function listMinutes(values: number[]): string {
  const unique = [...new Set(values)].sort((a, b) => a - b).map(String);
  return unique.length > 1 ? `${unique.slice(0, -1).join(", ")} or ${unique.at(-1)}` : (unique[0] ?? "");
}

function lengthProblem(settings: AvailabilitySettings, type: AppointmentType | undefined, minutes: number): string | null {
  if (minutes <= 0) return "The end time must be after the start time. Please choose one of the available slots.";
  if (type) {
    const expected = appointmentDuration(settings, type);
    if (minutes === expected) return null;
    const label = APPOINTMENT_TYPE_LABELS[type].toLowerCase();
    const article = /^[aeiou]/.test(label) ? "An" : "A";
    return `${article} ${label} lasts ${expected} minutes. Please choose one of the available slots.`;
  }
  const allowed = APPOINTMENT_TYPES.map((t) => appointmentDuration(settings, t));
  if (allowed.includes(minutes)) return null;
  return `Appointments last ${listMinutes(allowed)} minutes. Please choose one of the available slots.`;
}

export function checkBookable(request: BookingRequest): BookingCheck {
  const { settings, appointmentType } = request;
  const start = assertValidDate(request.start, "start");
  const end = assertValidDate(request.end, "end");
  const now = assertValidDate(request.now, "now");
  const minutes = (end - start) / MINUTE;

  const badLength = lengthProblem(settings, appointmentType, minutes);
  if (badLength) return reject("BAD_LENGTH", badLength);

  if (start < now) return reject("PAST", "That time is in the past. Please choose another slot.");

  const notice = settings.minimumNoticeHours;
  if (start < now + notice * HOUR) {
    const hours = notice === 1 ? "1 hour's" : `${notice} hours'`;
    return reject("NOTICE", `Appointments need at least ${hours} notice. Please choose a later time.`);
  }

  const day = localDateKey(start, settings.timeZone);
  if (day > lastBookableDay(settings, now)) {
    return reject("TOO_FAR", `Appointments can be booked up to ${settings.maxDaysAhead} days ahead. Please choose an earlier date.`);
  }

  if (isWeekend(day)) {
    return reject("WEEKEND", "Appointments can't be booked on Saturdays or Sundays. Please choose a weekday.");
  }

  if (isClosedDay(settings, day)) {
    return reject("DAY_OFF", "The coach isn't available on that day. Please choose another date.");
  }

  if (!dayCandidates(settings, day, minutes).includes(start)) {
    const insideHours = workingIntervals(settings, day).some(([s, e]) => start >= s && end <= e);
    return reject(
      "OUTSIDE_HOURS",
      insideHours
        ? `Appointments start every ${settings.slotStepMinutes} minutes from the start of the coach's working hours. Please choose one of the available slots.`
        : "That time is outside the coach's working hours. Please choose another slot.",
    );
  }

  if (new BusyIndex(request.busy, settings.bufferMinutes, start, end).overlaps(start, end)) {
    return reject("CONFLICT", "That time is no longer available. Please choose another slot.");
  }

  return { ok: true };
}

/** Title prefix from the spec (section 7). A blank name falls back to "Consultation: ". */
export function appointmentTitle(type: AppointmentType, name: string): string {
  if (type === "consultation") {
    const who = name.trim();
    return who ? `Consultation with ${who}: ` : "Consultation: ";
  }
  return "Coaching Session: ";
}

/**
 * The title as the client reads it. The stored title follows the spec ("Consultation with {name}: …",
 * written for the coach's calendar); shown to that client, it would address her by her own name, so
 * her views and emails drop the name ("Consultation: …"). Other titles are unchanged.
 */
export function clientTitle(title: string, clientName: string): string {
  const own = `Consultation with ${clientName.trim()}: `;
  return clientName.trim() && title.startsWith(own) ? `Consultation: ${title.slice(own.length)}` : title;
}

/** Prefix a user's title; idempotent, so re-saving an appointment doesn't stack prefixes. */
export function withTitlePrefix(type: AppointmentType, name: string, title: string): string {
  const prefix = appointmentTitle(type, name);
  const trimmed = title.trim();
  return trimmed.startsWith(prefix) ? trimmed : prefix + trimmed;
}
