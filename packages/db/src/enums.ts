/**
 * The single source of every enumerated value in the data model. The schema's check
 * constraints, the validators, the routers and the UI all import from here.
 * No drizzle import, so client components can use it too.
 */
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const TEST_TYPES = ["personality", "iq", "eq", "leadership"] as const;
export type TestType = (typeof TEST_TYPES)[number];

export const QUESTION_TYPES = ["multiple-choice", "slider"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const BLOG_TAGS = [
  "leadership",
  "emotional_intelligence",
  "performance",
  "communication",
  "stress_management",
  "team_building",
  "career_development",
  "personal_growth",
] as const;
export type BlogTag = (typeof BLOG_TAGS)[number];

export const APPOINTMENT_TYPES = ["consultation", "coaching", "followup"] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const APPOINTMENT_STATUSES = ["pending", "scheduled", "canceled", "completed"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What the coach recorded after a session's start. */
export const ATTENDANCE_VALUES = ["attended", "no-show"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];

/** Intake question kinds the coach can ask per appointment type. */
export const INTAKE_QUESTION_KINDS = ["short-text", "long-text", "single-choice"] as const;
export type IntakeQuestionKind = (typeof INTAKE_QUESTION_KINDS)[number];

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A coaching goal's state (issue 21). */
export const GOAL_STATUSES = ["active", "achieved", "dropped"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Who set a goal: the coach in the client record, or the client in the portal. */
export const GOAL_CREATORS = ["coach", "client"] as const;
export type GoalCreator = (typeof GOAL_CREATORS)[number];
