import { z } from "zod";
import { APPOINTMENT_TYPES, type AppointmentType } from "@coach/db/enums";
import { inSupportedYears, numberFromText, supportedYearsMessage } from "./text-or-json";

/**
 * Booking forms, shared by the browser (react-hook-form) and the server (procedure input).
 * Messages are the product specification's, section 5.
 */

export const BOOKING_TITLE_MIN = 3;
export const BOOKING_TITLE_MAX = 200;
export const BOOKING_NOTES_MAX = 2000;
/** Spec section 9: the slot lookup window is 7 days from the selected date. */
export const SLOT_WINDOW_DAYS = 7;
/** The longest window one available-slots call may ask for. */
export const MAX_SLOT_WINDOW_DAYS = 31;

/** Spec section 2: the names shown on /appointments. */
export const BOOKING_TYPE_OPTIONS: ReadonlyArray<{ value: AppointmentType; label: string }> = [
  { value: "consultation", label: "Initial Consultation" },
  { value: "coaching", label: "Coaching Session" },
  { value: "followup", label: "Follow-up Session" },
];

const title = z
  .string({ message: "Title must be at least 3 characters." })
  .trim()
  .min(BOOKING_TITLE_MIN, "Title must be at least 3 characters.")
  .max(BOOKING_TITLE_MAX, `Title must be at most ${BOOKING_TITLE_MAX} characters.`);

const notes = z.string().trim().max(BOOKING_NOTES_MAX, `Notes must be at most ${BOOKING_NOTES_MAX} characters.`).optional();

/** "start|end" with two ISO date-times, start before end (spec: selectedSlot). */
export function parseSelectedSlot(value: string): { start: Date; end: Date } | null {
  const [start, end, ...rest] = value.split("|");
  if (!start || !end || rest.length) return null;
  const s = new Date(start);
  const e = new Date(end);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime()) || e <= s) return null;
  return { start: s, end: e };
}

/** The booking dialog: Topic/Reason, Additional Notes and the hidden slot field. */
export const bookingFormSchema = z.object({
  title,
  description: notes,
  selectedSlot: z
    .string({ message: "Please select a time slot." })
    .min(1, "Please select a time slot.")
    .refine((value) => parseSelectedSlot(value) !== null, "Please select a time slot."),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** Answers to the intake questions of the chosen type. */
export const answersSchema = z
  .array(
    z.object({
      questionId: z.string({ message: "Each answer needs its questionId." }).trim().min(1).max(64),
      answer: z.string({ message: "Each answer must be text." }).max(4000, "Answers must be at most 4000 characters."),
    }),
  )
  .max(20, "Too many answers.");

const isoDateTime = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.`, abort: true })
    .max(40, { message: `${label} must be a date and time, e.g. 2026-03-10T14:00:00.000Z.`, abort: true })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), {
      message: `${label} must be a date and time, e.g. 2026-03-10T14:00:00.000Z.`,
      abort: true,
    })
    .refine((value) => inSupportedYears(new Date(value)), {
      message: supportedYearsMessage(label),
      abort: true,
    })
    .transform((value) => new Date(value));

/** Object-level checks run only on fields that parsed into dates (a bad field has its own message). */
const bothDates = (a: unknown, b: unknown): a is Date => a instanceof Date && b instanceof Date;

const timeZone = z
  .string()
  .trim()
  .max(64)
  .optional()
  .refine((value) => {
    if (!value) return true;
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone.");

/** POST /api/appointments: the spec's payload plus the optional appointment type and the visitor's zone. */
export const createAppointmentSchema = z
  .object({
    title,
    description: z
      .string()
      .trim()
      .max(BOOKING_NOTES_MAX, `Notes must be at most ${BOOKING_NOTES_MAX} characters.`)
      .nullish()
      .transform((value) => value || undefined),
    startTime: isoDateTime("Start time"),
    endTime: isoDateTime("End time"),
    status: z.literal("scheduled", { message: "New appointments are created as 'scheduled'." }).default("scheduled"),
    appointmentType: z.enum(APPOINTMENT_TYPES, { message: "Choose consultation, coaching or followup." }).optional(),
    /** The same as appointmentType (the name issue 20's clients use). */
    type: z.enum(APPOINTMENT_TYPES, { message: "Choose consultation, coaching or followup." }).optional(),
    answers: answersSchema.optional(),
    timeZone,
    /** A paid session offer (issue 31): the booking is held until it is paid through Checkout. */
    offerId: z.number({ message: "offerId must be the number of an offer from GET /api/offers." }).int().positive().optional(),
  })
  .refine((data) => !bothDates(data.endTime, data.startTime) || data.endTime > data.startTime, {
    message: "The end time must be after the start time.",
    path: ["endTime"],
  })
  .refine((data) => !data.type || !data.appointmentType || data.type === data.appointmentType, {
    message: "type and appointmentType disagree; send one of them.",
    path: ["type"],
  })
  .transform(({ type, ...rest }) => ({ ...rest, appointmentType: rest.appointmentType ?? type }));
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;

const reason = z.string().trim().max(1000, "The message must be at most 1000 characters.").optional();

/** POST /api/appointments/{id}/reschedule */
export const rescheduleAppointmentSchema = z
  .object({
    id: numberFromText(z.number({ message: "Appointment not found." }).int().positive()),
    startTime: isoDateTime("Start time"),
    endTime: isoDateTime("End time"),
    /** The client's reason, or the coach's message to the client. */
    reason,
    timeZone,
  })
  .refine((data) => !bothDates(data.endTime, data.startTime) || data.endTime > data.startTime, {
    message: "The end time must be after the start time.",
    path: ["endTime"],
  });

/** DELETE /api/appointments/{id}, with an optional reason (or the coach's message). */
export const cancelReasonSchema = reason;

/** GET /api/appointments/available-slots?startDate=&endDate= */
export const availableSlotsSchema = z
  .object({
    startDate: isoDateTime("startDate"),
    endDate: isoDateTime("endDate"),
    appointmentType: z.enum(APPOINTMENT_TYPES, { message: "Choose consultation, coaching or followup." }).default("consultation"),
  })
  .refine((data) => !bothDates(data.endDate, data.startDate) || data.endDate > data.startDate, {
    message: "endDate must be after startDate.",
    path: ["endDate"],
  })
  .refine(
    (data) =>
      !bothDates(data.endDate, data.startDate) || data.endDate.getTime() - data.startDate.getTime() <= MAX_SLOT_WINDOW_DAYS * 86_400_000,
    {
      message: `Ask for at most ${MAX_SLOT_WINDOW_DAYS} days of slots at a time.`,
      path: ["endDate"],
    },
  );
export type AvailableSlotsInput = z.input<typeof availableSlotsSchema>;
