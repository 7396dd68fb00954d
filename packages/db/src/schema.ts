/**
 * The whole data model. Integrity lives here: unique keys, foreign keys with the
 * spec's cascades and check constraints. The appointment exclusion constraint is
 * added by a hand-written migration (Drizzle's DSL cannot express EXCLUDE).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export * from "./enums";
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  ATTENDANCE_VALUES,
  BLOG_TAGS,
  EMAIL_STATUSES,
  GOAL_CREATORS,
  GOAL_STATUSES,
  QUESTION_TYPES,
  ROLES,
  TEST_TYPES,
  type AppointmentStatus,
  type AppointmentType,
  type Attendance,
  type BlogTag,
  type EmailStatus,
  type GoalCreator,
  type GoalStatus,
  type QuestionType,
  type Role,
  type TestType,
} from "./enums";

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    email: text().notNull(),
    /** argon2id hash; never leaves the server. */
    password: text().notNull(),
    firstName: text(),
    lastName: text(),
    role: text().$type<Role>().notNull().default("user"),
    /** Bumped by logout, password reset, role change and disabling: older session tokens stop working. */
    sessionVersion: integer().notNull().default(0),
    disabledAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /**
     * Set on the anonymous stand-in that keeps a deleted account's results and bookings for the
     * coach's aggregate figures (docs/decisions/0016): no name, no address, cannot sign in.
     */
    anonymizedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_role_check", inList("role", ROLES)),
  ],
);

export const tests = pgTable(
  "tests",
  {
    id: serial().primaryKey(),
    /** Stable key for the idempotent content seed. */
    slug: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull(),
    type: text().$type<TestType>().notNull(),
    timeEstimate: integer().notNull(),
    createdAt: createdAt(),
  },
  () => [check("tests_type_check", inList("type", TEST_TYPES))],
);

/** How an item feeds the scorer: which scale it loads on and in which direction. */
export type QuestionScoring = {
  /** personality dichotomy axis, eq category, leadership style; absent for iq */
  scale?: string;
  /** personality: the pole that slider value 1 points to (left); value 5 points to the other pole */
  leftPole?: string;
  rightPole?: string;
  /** eq / leadership: reverse-keyed item */
  reverse?: boolean;
  /** iq: the item family (series, verbal, deduction, matrix), for the summary */
  domain?: string;
  /** iq: the provisional (assumed) 3PL discrimination a and difficulty b; see docs/decisions/0008 */
  irt?: { a: number; b: number };
};

export const questions = pgTable(
  "questions",
  {
    id: serial().primaryKey(),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    text: text().notNull(),
    order: integer().notNull(),
    imageUrl: text(),
    type: text().$type<QuestionType>().notNull().default("multiple-choice"),
    options: jsonb().$type<string[]>(),
    correctAnswer: text(),
    scoring: jsonb().$type<QuestionScoring>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("questions_test_order_key").on(t.testId, t.order), check("questions_type_check", inList("type", QUESTION_TYPES))],
);

export const testAttempts = pgTable(
  "test_attempts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    score: integer(),
    resultType: text(),
    resultSummary: text(),
    resultData: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("test_attempts_user_idx").on(t.userId, t.completedAt), index("test_attempts_test_idx").on(t.testId)],
);

/**
 * Fitted IQ item parameters (packages/assessments `IqCalibration`). One row per calibration run;
 * the newest row of a test is the one results are scored with, older rows are its history.
 */
export const testCalibrations = pgTable(
  "test_calibrations",
  {
    id: serial().primaryKey(),
    testId: integer()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    calibration: jsonb().$type<Record<string, unknown>>().notNull(),
    /** people in the calibration sample */
    n: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("test_calibrations_test_idx").on(t.testId, t.createdAt)],
);

export const responses = pgTable(
  "responses",
  {
    id: serial().primaryKey(),
    attemptId: integer()
      .notNull()
      .references(() => testAttempts.id, { onDelete: "cascade" }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    answer: text().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One answer per question per attempt: re-answering replaces it.
  (t) => [uniqueIndex("responses_attempt_question_key").on(t.attemptId, t.questionId)],
);

export const appointments = pgTable(
  "appointments",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    appointmentType: text().$type<AppointmentType>().notNull().default("consultation"),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<AppointmentStatus>().notNull().default("pending"),
    googleEventId: text(),
    reminderSentAt: timestamp({ withTimezone: true }),
    /** The client's answers to the type's intake questions, with each question's text as asked. */
    answers: jsonb().$type<AppointmentAnswer[]>().notNull().default([]),
    /** The zone the client booked from (emails and the coach's view show times in it). */
    clientTimeZone: text(),
    /** How often the booking was moved (the policy caps the client's moves). */
    rescheduleCount: integer().notNull().default(0),
    /** The invitation's SEQUENCE: every update or cancellation sends a higher one under the same UID. */
    icsSequence: integer().notNull().default(0),
    attendance: text().$type<Attendance>(),
    attendanceMarkedAt: timestamp({ withTimezone: true }),
    /** Set when a change made in Google Calendar could not be applied (e.g. it overlaps another booking). */
    syncConflict: text(),
    /** When the after-session email with the "book your next session" link was queued. */
    followUpSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("appointments_user_idx").on(t.userId),
    index("appointments_start_idx").on(t.startTime),
    index("appointments_google_event_idx").on(t.googleEventId),
    check("appointments_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("appointments_status_check", inList("status", APPOINTMENT_STATUSES)),
    check("appointments_type_check", inList("appointment_type", APPOINTMENT_TYPES)),
    check("appointments_attendance_check", inList("attendance", ATTENDANCE_VALUES)),
  ],
);

export interface AppointmentAnswer {
  questionId: string;
  question: string;
  answer: string;
}

/**
 * One row per reminder sent: keyed by the appointment, the reminder's lead time and the start it
 * was sent for, so each offset goes once and a moved booking gets fresh reminders.
 */
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    appointmentId: integer()
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    offsetMinutes: integer().notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.offsetMinutes, t.startTime] })],
);

/**
 * A client's coaching goal (issue 21). It may be tied to one scale of an assessment (`scaleTestId`
 * + `scaleKey`, e.g. the EQ test's selfRegulation); its progress is then read from the client's
 * results, never stored here.
 */
export const goals = pgTable(
  "goals",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    why: text(),
    measure: text(),
    targetDate: date({ mode: "date" }),
    status: text().$type<GoalStatus>().notNull().default("active"),
    createdBy: text().$type<GoalCreator>().notNull(),
    scaleTestId: integer().references(() => tests.id, { onDelete: "set null" }),
    scaleKey: text(),
    scaleTarget: integer(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("goals_user_idx").on(t.userId),
    check("goals_status_check", inList("status", GOAL_STATUSES)),
    check("goals_created_by_check", inList("created_by", GOAL_CREATORS)),
    check("goals_scale_check", sql`(${t.scaleKey} is null) = (${t.scaleTarget} is null)`),
  ],
);

/**
 * Notes on a session. A shared note is plain text the client reads in the portal; a private note is
 * only the coach's and is stored AES-GCM encrypted (`bodyEncrypted`, shared/crypto.ts): exactly one
 * of the two body columns is set, by the check constraint. `userId` is the client (the appointment's).
 */
export const sessionNotes = pgTable(
  "session_notes",
  {
    id: serial().primaryKey(),
    appointmentId: integer()
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    shared: boolean().notNull(),
    body: text(),
    bodyEncrypted: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("session_notes_appointment_idx").on(t.appointmentId),
    index("session_notes_user_idx").on(t.userId),
    check(
      "session_notes_body_check",
      sql`(${t.shared} and ${t.body} is not null and ${t.bodyEncrypted} is null) or (not ${t.shared} and ${t.body} is null and ${t.bodyEncrypted} is not null)`,
    ),
  ],
);

/**
 * Something the client agreed to do, owned by the client (`userId`), optionally linked to a goal or a
 * session. `reminderSentAt` is the claim of the due-date reminder: set in the same statement that
 * selects the item, so the reminder goes once however many workers run.
 */
export const actionItems = pgTable(
  "action_items",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text().notNull(),
    dueDate: date({ mode: "date" }),
    doneAt: timestamp({ withTimezone: true }),
    goalId: integer().references(() => goals.id, { onDelete: "set null" }),
    appointmentId: integer().references(() => appointments.id, { onDelete: "set null" }),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    reminderSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("action_items_user_idx").on(t.userId), index("action_items_due_idx").on(t.dueDate)],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    content: text().notNull(),
    summary: text(),
    excerpt: text(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** null = draft; in the future = scheduled; in the past = published */
    publishedAt: timestamp({ withTimezone: true }),
    lastModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
    featured: boolean().notNull().default(false),
    topic: text(),
    imageUrl: text(),
    aiGenerated: boolean().notNull().default(false),
    aiPrompt: text(),
    seoTitle: text(),
    seoDescription: text(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_posts_published_idx").on(t.publishedAt)],
);

export const blogTags = pgTable(
  "blog_tags",
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tag: text().$type<BlogTag>().notNull(),
  },
  (t) => [uniqueIndex("blog_tags_post_tag_key").on(t.postId, t.tag), check("blog_tags_tag_check", inList("tag", BLOG_TAGS))],
);

export const emailSubscribers = pgTable(
  "email_subscribers",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    isActive: boolean().notNull().default(true),
    /** Double opt-in: null until the confirmation link is used. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** sha256 of the confirmation token; the token itself is only in the email. */
    confirmTokenHash: text(),
    /** sha256 of the one-click unsubscribe token. */
    unsubscribeTokenHash: text(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_subscribers_email_lower_key").on(sql`lower(${t.email})`)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the token sent by email; the token itself is never stored. */
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    isUsed: boolean().notNull().default(false),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial().primaryKey(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  phone: text(),
  company: text(),
  subject: text().notNull(),
  message: text().notNull(),
  readAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Kept even if the actor is deleted later. */
    actorUsername: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/** Fixed-window counters for abuse limits; in the database so they hold across restarts and instances. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

export type EmailAttachment = { filename: string; content: string; contentType: string };

/** Every outgoing email is stored first, then delivered: a failed send is retried, never lost. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial().primaryKey(),
    /** Makes a send idempotent, e.g. newsletter:{sendId}:{subscriberId}. */
    dedupeKey: text().unique(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>(),
    attachments: jsonb().$type<EmailAttachment[]>(),
    status: text().$type<EmailStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    providerId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("email_outbox_status_check", inList("status", EMAIL_STATUSES)),
  ],
);

export const newsletterSends = pgTable("newsletter_sends", {
  id: serial().primaryKey(),
  postId: integer()
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  sentById: integer().references(() => users.id, { onDelete: "set null" }),
  recipientCount: integer().notNull().default(0),
  completedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** Key/value settings owned by the coach (availability, Google Calendar). Secrets inside are encrypted. */
export const appSettings = pgTable(
  "app_settings",
  {
    key: text().notNull(),
    value: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);

export type User = typeof users.$inferSelect;
export type Test = typeof tests.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type TestAttempt = typeof testAttempts.$inferSelect;
export type Response = typeof responses.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type EmailSubscriber = typeof emailSubscribers.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type Goal = typeof goals.$inferSelect;
export type SessionNote = typeof sessionNotes.$inferSelect;
export type ActionItem = typeof actionItems.$inferSelect;
