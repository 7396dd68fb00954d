/** The coaching engagement: goals, session notes and action items (docs/decisions/0016). */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { GOAL_CREATORS, GOAL_STATUSES, type GoalCreator, type GoalStatus } from "../enums";
import { createdAt, inList } from "./columns";
import { users } from "./users";
import { tests } from "./assessments";
import { appointments } from "./appointments";

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
