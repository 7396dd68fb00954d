/**
 * The whole data model, one file per area (re-exported here). Integrity lives here: unique keys, foreign keys with the
 * spec's cascades and check constraints. The appointment exclusion constraint is
 * added by a hand-written migration (Drizzle's DSL cannot express EXCLUDE).
 */
export * from "../enums";
export * from "./users";
export * from "./assessments";
export * from "./appointments";
export * from "./coaching";
export * from "./content";
export * from "./email";
export * from "./offers";
export * from "./billing";
export * from "./payments";
import type { users } from "./users";
import type { tests, questions, testAttempts, responses } from "./assessments";
import type { appointments } from "./appointments";
import type { goals, sessionNotes, actionItems } from "./coaching";
import type { blogPosts, emailSubscribers, contactMessages } from "./content";
import type { emailOutbox } from "./email";
import type { offers } from "./offers";
import type { invoices } from "./billing";
import type { creditGrants, payments, retreatApplications } from "./payments";

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
export type Offer = typeof offers.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type CreditGrant = typeof creditGrants.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type RetreatApplication = typeof retreatApplications.$inferSelect;
