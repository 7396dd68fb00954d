/** Accounts and what guards them: password resets, abuse-limit counters, the audit log. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES, type Role } from "../enums";
import { createdAt, inList } from "./columns";

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

/** Fixed-window counters for abuse limits; in the database so they hold across restarts and instances. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  resetAt: timestamp({ withTimezone: true }).notNull(),
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
