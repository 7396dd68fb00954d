/**
 * The coach's availability settings: one zod schema that both validates admin
 * input and fills in defaults, so every caller works with a complete object.
 */
import { z } from "zod";

import { APPOINTMENT_TYPES, INTAKE_QUESTION_KINDS, type AppointmentType } from "@coach/db/enums";

/** The appointment types live with the schema; re-exported for this package's callers. */
export { APPOINTMENT_TYPES, type AppointmentType };

/** Names shown on /appointments (spec section 2). */
export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  consultation: "Initial Consultation",
  coaching: "Coaching Session",
  followup: "Follow-up Session",
};

/** Indexed like Date#getDay(), so WEEKDAYS[day] finds that day's hours. */
export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeInterval {
  /** "HH:mm", 24-hour, in the coach's time zone. */
  start: string;
  /** "HH:mm"; "24:00" means end of day. */
  end: string;
}

/** Minutes since local midnight for a validated "HH:mm" string. */
export function timeToMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "america/new_york" -> "America/New_York"; aliases (e.g. "EST") are kept as typed. */
function canonicalTimeZoneCase(timeZone: string): string {
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

/** True for a real calendar date written as yyyy-MM-dd (rejects 2026-02-30). */
export function isValidDateKey(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const HHMM = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const timeOfDay = z.string({ error: 'Enter a time like "09:00".' }).regex(HHMM, {
  error: 'Use 24-hour "HH:mm" time, e.g. "09:00" or "17:30".',
});

const intervalSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  // zod still runs this when a time is malformed; only compare two well-formed times.
  .refine((i) => !HHMM.test(i.start) || !HHMM.test(i.end) || timeToMinutes(i.end) > timeToMinutes(i.start), {
    error: "End time must be after start time",
    path: ["end"],
  });

/** One weekday's working intervals: sorted, and overlaps rejected (they would double-list slots). */
function dayHours(day: Weekday, fallback: TimeInterval[]) {
  return z
    .array(intervalSchema, { error: `Working hours for ${capitalize(day)} must be a list of times.` })
    .superRefine((list, ctx) => {
      const sorted = [...list].sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start));
      for (let i = 1; i < sorted.length; i++) {
        const prev = sorted[i - 1]!;
        const cur = sorted[i]!;
        if (timeToMinutes(cur.start) < timeToMinutes(prev.end)) {
          ctx.addIssue({
            code: "custom",
            message: `Working hours on ${capitalize(day)} overlap (${prev.start}–${prev.end} and ${cur.start}–${cur.end}). Merge them or adjust the times.`,
          });
        }
      }
    })
    .transform((list) => [...list].sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start)))
    .default(() => fallback.map((i) => ({ ...i })));
}

function wholeNumber(label: string, unit: string, min: number, max: number) {
  const range = `${label} must be between ${min} and ${max} ${unit}.`;
  return z
    .number({ error: `${label} must be a number of ${unit}.` })
    .int({ error: `${label} must be a whole number of ${unit}.` })
    .min(min, { error: range })
    .max(max, { error: range });
}

const nineToFive: TimeInterval[] = [{ start: "09:00", end: "17:00" }];
const duration = (label: string) => wholeNumber(`${label} length`, "minutes", 5, 480);

const intakeQuestionSchema = z
  .object({
    /** Stable id the answers refer to (kept when the coach edits the wording). */
    id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9-]+$/, { error: "Question ids use lowercase letters, digits and dashes." }),
    label: z
      .string({ error: "Every question needs its text." })
      .trim()
      .min(3, { error: "A question must be at least 3 characters." })
      .max(300),
    kind: z.enum(INTAKE_QUESTION_KINDS, { error: "A question is short text, long text or single choice." }),
    required: z.boolean().default(false),
    /** For single choice: the options offered. */
    options: z
      .array(z.string().trim().min(1).max(120))
      .max(20)
      .default(() => []),
  })
  .refine((q) => q.kind !== "single-choice" || q.options.length >= 2, {
    error: "A single-choice question needs at least two options.",
    path: ["options"],
  });
export type IntakeQuestion = z.output<typeof intakeQuestionSchema>;

const questionList = z
  .array(intakeQuestionSchema)
  .max(10, { error: "Ask at most 10 questions per appointment type." })
  .refine((list) => new Set(list.map((q) => q.id)).size === list.length, { error: "Two questions share an id." })
  .default(() => []);

/** The rules clients book under; the coach is never bound by them. */
const policySchema = z
  .object({
    /** Clients cannot cancel or reschedule within this many hours of the start. */
    changeCutoffHours: wholeNumber("Cancellation and reschedule cut-off", "hours", 0, 720).default(24),
    /** How often a client may move one booking. */
    maxReschedules: wholeNumber("Reschedules per booking", "times", 0, 20).default(2),
    /** How many upcoming bookings one client may hold at once. */
    maxFutureBookings: wholeNumber("Upcoming bookings per client", "bookings", 1, 100).default(3),
    /** Whether a client must give a reason when canceling or rescheduling. */
    reasonRequired: z.boolean().default(false),
  })
  .prefault({});
export type BookingPolicy = z.output<typeof policySchema>;

const meetingPlace = z
  .string({ error: "A meeting place must be text or a link." })
  .trim()
  .max(500, { error: "A meeting place can be at most 500 characters." })
  .refine((value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\/\S+$/i.test(value), {
    error: "A video link must start with https:// (or http://) and contain no spaces.",
  });

export const availabilitySettingsSchema = z
  .object({
    timeZone: z
      .string({ error: 'Enter a time zone such as "America/New_York".' })
      .trim()
      .refine(isValidTimeZone, {
        error: (issue) =>
          `"${String(issue.input)}" is not a time zone we recognise. Use an IANA name such as "America/New_York" or "Europe/London".`,
      })
      .transform(canonicalTimeZoneCase)
      .default("America/New_York"),
    // Saturday and Sunday are accepted for completeness but never offered (spec: weekends are not bookable).
    weeklyHours: z
      .object({
        monday: dayHours("monday", nineToFive),
        tuesday: dayHours("tuesday", nineToFive),
        wednesday: dayHours("wednesday", nineToFive),
        thursday: dayHours("thursday", nineToFive),
        friday: dayHours("friday", nineToFive),
        saturday: dayHours("saturday", []),
        sunday: dayHours("sunday", []),
      })
      .prefault({}),
    durations: z
      .object({
        consultation: duration("Consultation").default(30),
        coaching: duration("Coaching session").default(60),
        followup: duration("Follow-up session").default(30),
      })
      .prefault({}),
    bufferMinutes: wholeNumber("Buffer between appointments", "minutes", 0, 240).default(15),
    minimumNoticeHours: wholeNumber("Minimum notice", "hours", 0, 720).default(24),
    maxDaysAhead: wholeNumber("Booking horizon", "days", 1, 365).default(60),
    slotStepMinutes: wholeNumber("Slot spacing", "minutes", 5, 240).default(30),
    daysOff: z
      .array(
        z.string({ error: "Days off must be dates like 2026-12-24." }).refine(isValidDateKey, {
          error: (issue) => `"${String(issue.input)}" is not a real date. Use yyyy-MM-dd, e.g. 2026-12-24.`,
        }),
      )
      .transform((days) => [...new Set(days)].sort())
      .default(() => []),
    /**
     * Where each type of session happens: an address or a video link, written into every
     * confirmation, reminder and invitation, and listed with the types (issue 32).
     */
    locations: z
      .object({
        consultation: meetingPlace.default(""),
        coaching: meetingPlace.default(""),
        followup: meetingPlace.default(""),
      })
      .prefault({}),
    /**
     * Public holidays of this country (ISO 3166 code) are closed unless listed in `openHolidays`;
     * null: none. The coach practises from New York, so the United States by default (issue 32: a
     * client booked 25 December). Resolved on the server (./holidays.ts), which knows the calendars.
     */
    holidayCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: "Choose a country for public holidays, or none." })
      .nullable()
      .default("US"),
    openHolidays: z
      .array(
        z.string({ error: "Open holidays must be dates like 2026-12-24." }).refine(isValidDateKey, {
          error: (issue) => `"${String(issue.input)}" is not a real date. Use yyyy-MM-dd, e.g. 2026-12-24.`,
        }),
      )
      .transform((days) => [...new Set(days)].sort())
      .default(() => []),
    policy: policySchema,
    /** Reminder lead times in minutes before the start (default a day and an hour). */
    reminderMinutes: z
      .array(wholeNumber("Reminder", "minutes before", 5, 20_160))
      .max(5, { error: "Send at most 5 reminders per booking." })
      .transform((list) => [...new Set(list)].sort((a, b) => b - a))
      .default(() => [1440, 60]),
    intakeQuestions: z.object({ consultation: questionList, coaching: questionList, followup: questionList }).prefault({}),
  })
  .prefault({});

/** Settings as stored/entered: every field optional. */
export type AvailabilitySettingsInput = z.input<typeof availabilitySettingsSchema>;
/** Complete, validated settings the engine works with. */
export type AvailabilitySettings = z.output<typeof availabilitySettingsSchema> & {
  /**
   * Public holidays of `holidayCountry` that are closed (not in `openHolidays`), filled in on the
   * server when the settings are loaded (./holidays.ts); never stored, never sent back.
   */
  holidayClosures?: readonly string[];
};

/** A day the coach does not work: a day off she set, or a public holiday she did not open. */
export function isClosedDay(settings: AvailabilitySettings, key: string): boolean {
  return settings.daysOff.includes(key) || (settings.holidayClosures?.includes(key) ?? false);
}

/** Validate and fill in defaults; throws a ZodError whose issue messages can be shown to the admin. */
export function parseAvailability(input: unknown): AvailabilitySettings {
  return availabilitySettingsSchema.parse(input ?? undefined);
}

export function safeParseAvailability(input: unknown) {
  return availabilitySettingsSchema.safeParse(input ?? undefined);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Frozen so a caller cannot change the defaults for everyone else by accident. */
export const DEFAULT_AVAILABILITY: AvailabilitySettings = deepFreeze(parseAvailability(undefined));

export function appointmentDuration(settings: AvailabilitySettings, type: AppointmentType): number {
  const minutes = settings.durations[type];
  if (minutes === undefined) throw new RangeError(`Unknown appointment type "${String(type)}".`);
  return minutes;
}
