/**
 * Output and input shapes of the coaching engagement (issue 21; docs/helpers contract): the client
 * portal, goals with their progress, action items, session notes and the coach's client record.
 * A client-facing shape never has a field that could carry a private note.
 */
import { z } from "zod";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES, GOAL_CREATORS, GOAL_STATUSES, ROLES } from "@coach/db/enums";
import { resultChangeOutput } from "../assessments/shapes";
import { dateTime, idParam, nullableDateTime } from "../shared/schemas";
import { jsonBoolean } from "@coach/validators/json-boolean";
import { numberFromText } from "@coach/validators/text-or-json";

export const GOAL_NOT_FOUND = "That goal was not found.";
export const ACTION_ITEM_NOT_FOUND = "That action item was not found.";
export const APPOINTMENT_NOT_FOUND = "Appointment not found.";
export const CLIENT_NOT_FOUND = "That client was not found.";

// ---- outputs

export const progressPoint = z.object({
  attemptId: z.number(),
  completedAt: dateTime,
  score: z.number(),
  low: z.number(),
  high: z.number(),
});

export const goalView = z.object({
  id: z.number(),
  title: z.string(),
  why: z.string().nullable(),
  measure: z.string().nullable(),
  targetDate: nullableDateTime,
  status: z.enum(GOAL_STATUSES),
  createdBy: z.enum(GOAL_CREATORS),
  createdAt: dateTime,
  scale: z
    .object({
      testId: z.number(),
      testTitle: z.string(),
      scaleKey: z.string(),
      scaleLabel: z.string(),
      /** the latest result at or before the goal was set; else the first one after it */
      baseline: z.number().nullable(),
      target: z.number(),
      progress: z.object({
        points: z.array(progressPoint),
        latest: z.number().nullable(),
        change: z
          .object({
            delta: z.number(),
            /** beyond measurement error (the history's reliable-change index); false when it cannot be judged */
            reliable: z.boolean(),
            words: z.string(),
          })
          .nullable(),
      }),
    })
    .nullable(),
});
export type GoalView = z.infer<typeof goalView>;

export const actionItemView = z.object({
  id: z.number(),
  text: z.string(),
  dueDate: nullableDateTime,
  done: z.boolean(),
  doneAt: nullableDateTime,
  overdue: z.boolean(),
  goalId: z.number().nullable(),
  goalTitle: z.string().nullable(),
  appointmentId: z.number().nullable(),
  createdAt: dateTime,
});
export type ActionItemView = z.infer<typeof actionItemView>;

export const sharedNoteView = z.object({
  id: z.number(),
  appointmentId: z.number(),
  appointmentStart: dateTime,
  body: z.string(),
  createdAt: dateTime,
});

export const latestResult = z.object({
  attemptId: z.number(),
  testId: z.number(),
  testTitle: z.string(),
  completedAt: dateTime,
  summary: z.string(),
});

export const portalView = z.object({
  nextAppointment: z
    .object({
      id: z.number(),
      startTime: dateTime,
      endTime: dateTime,
      type: z.enum(APPOINTMENT_TYPES),
      typeLabel: z.string(),
    })
    .nullable(),
  bookUrl: z.string(),
  sharedNotes: z.array(sharedNoteView),
  actionItems: z.array(actionItemView),
  goals: z.array(goalView),
  latestResults: z.array(latestResult),
});
export type PortalView = z.infer<typeof portalView>;

export const goalScaleOption = z.object({
  testId: z.number(),
  testTitle: z.string(),
  scaleKey: z.string(),
  scaleLabel: z.string(),
  min: z.number(),
  max: z.number(),
});

export const scaleReading = z.object({ key: z.string(), label: z.string(), score: z.number(), low: z.number(), high: z.number() });

export const TIMELINE_KINDS = ["result", "appointment", "note", "goal", "action_item"] as const;

export const clientRecord = z.object({
  profile: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    role: z.enum(ROLES),
    createdAt: dateTime,
    /** set for the anonymous stand-in of a deleted account */
    anonymized: z.boolean(),
  }),
  results: z.array(
    latestResult.extend({
      testType: z.string(),
      scales: z.array(scaleReading),
      /** the change from the previous result of the same test type (as in the client's history) */
      change: resultChangeOutput.nullable(),
    }),
  ),
  appointments: z.array(
    z.object({
      id: z.number(),
      startTime: dateTime,
      endTime: dateTime,
      type: z.enum(APPOINTMENT_TYPES),
      typeLabel: z.string(),
      title: z.string(),
      status: z.enum(APPOINTMENT_STATUSES),
      /** the project's spelling (@coach/db/enums): "attended" | "no-show" */
      attendance: z.enum(ATTENDANCE_VALUES).nullable(),
      /** the client's browser zone when she booked (IANA name); null when the coach booked it */
      clientTimeZone: z.string().nullable(),
      notes: z.array(z.object({ id: z.number(), body: z.string(), shared: z.boolean(), createdAt: dateTime })),
    }),
  ),
  goals: z.array(goalView),
  actionItems: z.array(actionItemView),
  timeline: z.array(z.object({ at: dateTime, kind: z.enum(TIMELINE_KINDS), title: z.string(), href: z.string().optional() })),
});
export type ClientRecord = z.infer<typeof clientRecord>;

export const overdueItem = z.object({ id: z.number(), text: z.string(), dueDate: dateTime, userId: z.number(), clientName: z.string() });

// ---- inputs

/**
 * A calendar day: "2026-03-10" or a Date (taken as its UTC day, as superjson sends a date picked at
 * UTC midnight). Stored as a date column; returned as a Date at 00:00 UTC.
 */
export const calendarDay = (label: string) =>
  z
    .union([z.date(), z.string().trim()], { message: `${label} must be a date, e.g. 2026-03-10.` })
    .transform((v, ctx) => {
      const date = typeof v === "string" ? (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : new Date(v)) : v;
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date, e.g. 2026-03-10.` });
        return z.NEVER;
      }
      const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
      if (day.getUTCFullYear() < 2000 || day.getUTCFullYear() > 2100) {
        ctx.addIssue({ code: "custom", message: `${label} must be between the years 2000 and 2100.` });
        return z.NEVER;
      }
      return day;
    })
    .meta({ override: { type: "string", format: "date" } });

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const goalScaleInput = z.object({
  testId: idParam,
  scaleKey: z.string({ message: "Choose a scale." }).trim().min(1, "Choose a scale.").max(40),
  target: numberFromText(
    z
      .number({ message: "The target must be a number." })
      .int("The target must be a whole number.")
      .min(0, "The target must be between 0 and 100.")
      .max(100, "The target must be between 0 and 100."),
  ),
});

export const goalFields = z.object({
  title: z
    .string({ message: "A goal needs a title." })
    .trim()
    .min(3, "The title must be at least 3 characters.")
    .max(200, "The title must be at most 200 characters."),
  why: optionalText("Why it matters", 2000),
  measure: optionalText("The measure", 500),
  targetDate: calendarDay("The target date").optional(),
  scale: goalScaleInput.optional(),
});
export type GoalInput = z.output<typeof goalFields>;

export const goalStatusInput = z.enum(GOAL_STATUSES, { message: "The status is active, achieved or dropped." });

export const actionItemFields = z.object({
  text: z
    .string({ message: "Describe the action item." })
    .trim()
    .min(3, "The action item must be at least 3 characters.")
    .max(1000, "The action item must be at most 1000 characters."),
  dueDate: calendarDay("The due date").optional(),
  goalId: idParam.optional(),
  appointmentId: idParam.optional(),
});

export const noteFields = z.object({
  body: z.string({ message: "Write the note." }).trim().min(1, "Write the note.").max(20_000, "A note must be at most 20,000 characters."),
  shared: jsonBoolean("Say whether the client may read the note (shared: true or false)."),
});

/** An action item just ticked off or undone. */
export const actionItemDone = z.object({ id: z.number(), done: z.boolean(), doneAt: nullableDateTime });

/** A session note just added. */
export const noteAdded = z.object({ id: z.number(), shared: z.boolean(), createdAt: dateTime });
