import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { and, count, desc, eq, ilike, isNull, or, schema, sql, type Database } from "@coach/db";
import { userDeleteSchema, userDisabledSchema, userListSchema, userRoleSchema } from "@coach/validators/admin-console";
import { recordAudit } from "../audit/record";
import { dateTime, nullableDateTime } from "../transport/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";

/** Messages for the rules that protect the practice from locking itself out. */
export const LAST_ADMIN_DEMOTE = "This is the last active admin account, so it cannot be made a regular user. Make another account an admin first.";
export const LAST_ADMIN_DISABLE = "This is the last active admin account, so it cannot be disabled. Make another account an admin first.";
export const LAST_ADMIN_DELETE = "This is the last active admin account, so it cannot be deleted. Make another account an admin first.";
export const SELF_DELETE = "You cannot delete your own account. Ask another admin to do it.";
export const SELF_DISABLE = "You cannot disable your own account. Ask another admin to do it.";
export const USER_NOT_FOUND = "That account no longer exists. Refresh the list.";

const userRow = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(["user", "admin"]),
  createdAt: dateTime,
  lastLoginAt: nullableDateTime,
  disabledAt: nullableDateTime,
  /** completed assessments */
  assessments: z.number(),
  /** appointments that are not canceled */
  appointments: z.number(),
});

/** `%` and `_` typed by the coach are searched for literally. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Loads the target and locks every active admin row for the rest of the transaction, so two
 * admins demoting each other at the same moment cannot leave the practice with none.
 */
async function lockTarget(tx: Tx, userId: number) {
  const admins = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.role, "admin"), isNull(schema.users.disabledAt)))
    .for("update");
  const [target] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).for("update");
  if (!target) throw new TRPCError({ code: "NOT_FOUND", message: USER_NOT_FOUND });
  const isLastActiveAdmin = target.role === "admin" && !target.disabledAt && admins.length <= 1;
  return { target, isLastActiveAdmin };
}

const refuse = (message: string) => new TRPCError({ code: "UNPROCESSABLE_CONTENT", message });

export const usersAdminRouter = createTRPCRouter({
  /** Accounts, newest first, searched by username, name or e-mail. */
  list: adminProcedure
    .input(userListSchema)
    .output(z.object({ items: z.array(userRow), total: z.number(), page: z.number(), pageSize: z.number() }))
    .query(async ({ ctx, input }) => {
      const u = schema.users;
      const where = input.search
        ? or(
            ilike(u.username, likePattern(input.search)),
            ilike(u.email, likePattern(input.search)),
            ilike(sql`coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')`, likePattern(input.search)),
          )
        : undefined;
      const [totals] = await ctx.db.select({ total: count() }).from(u).where(where);
      const assessments = ctx.db
        .select({ userId: schema.testAttempts.userId, n: count().as("assessment_count") })
        .from(schema.testAttempts)
        .where(sql`${schema.testAttempts.completedAt} is not null`)
        .groupBy(schema.testAttempts.userId)
        .as("assessment_counts");
      const appointments = ctx.db
        .select({ userId: schema.appointments.userId, n: count().as("appointment_count") })
        .from(schema.appointments)
        .where(sql`${schema.appointments.status} <> 'canceled'`)
        .groupBy(schema.appointments.userId)
        .as("appointment_counts");
      const rows = await ctx.db
        .select({
          id: u.id,
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          role: u.role,
          createdAt: u.createdAt,
          lastLoginAt: u.lastLoginAt,
          disabledAt: u.disabledAt,
          assessments: sql<number>`coalesce(${assessments.n}, 0)`.mapWith(Number),
          appointments: sql<number>`coalesce(${appointments.n}, 0)`.mapWith(Number),
        })
        .from(u)
        .leftJoin(assessments, eq(assessments.userId, u.id))
        .leftJoin(appointments, eq(appointments.userId, u.id))
        .where(where)
        .orderBy(desc(u.createdAt), desc(u.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      return { items: rows, total: totals?.total ?? 0, page: input.page, pageSize: input.pageSize };
    }),

  /** Makes an account an admin or a regular user; their sessions end so they sign in with the new role. */
  setRole: adminProcedure
    .input(userRoleSchema)
    .output(z.object({ id: z.number(), role: z.enum(["user", "admin"]) }))
    .mutation(async ({ ctx, input }) => {
      return ctx.db.transaction(async (tx) => {
        const { target, isLastActiveAdmin } = await lockTarget(tx, input.userId);
        if (target.role === input.role) return { id: target.id, role: target.role };
        if (input.role === "user" && isLastActiveAdmin) throw refuse(LAST_ADMIN_DEMOTE);
        await tx
          .update(schema.users)
          .set({ role: input.role, sessionVersion: sql`${schema.users.sessionVersion} + 1` })
          .where(eq(schema.users.id, target.id));
        await recordAudit(tx, ctx.user, "user.role_changed", {
          type: "user",
          id: target.id,
          details: { username: target.username, from: target.role, to: input.role },
        });
        return { id: target.id, role: input.role };
      });
    }),

  /** Disables an account (its sessions end at once) or lets it sign in again. */
  setDisabled: adminProcedure
    .input(userDisabledSchema)
    .output(z.object({ id: z.number(), disabledAt: nullableDateTime }))
    .mutation(async ({ ctx, input }) => {
      return ctx.db.transaction(async (tx) => {
        const { target, isLastActiveAdmin } = await lockTarget(tx, input.userId);
        if (Boolean(target.disabledAt) === input.disabled) return { id: target.id, disabledAt: target.disabledAt };
        if (input.disabled && isLastActiveAdmin) throw refuse(LAST_ADMIN_DISABLE);
        if (input.disabled && target.id === ctx.user.id) throw refuse(SELF_DISABLE);
        const [updated] = await tx
          .update(schema.users)
          .set(
            input.disabled
              ? { disabledAt: new Date(), sessionVersion: sql`${schema.users.sessionVersion} + 1` }
              : { disabledAt: null },
          )
          .where(eq(schema.users.id, target.id))
          .returning({ id: schema.users.id, disabledAt: schema.users.disabledAt });
        await recordAudit(tx, ctx.user, input.disabled ? "user.disabled" : "user.enabled", {
          type: "user",
          id: target.id,
          details: { username: target.username },
        });
        return updated!;
      });
    }),

  /** Deletes an account with its attempts and appointments. */
  delete: adminProcedure
    .input(userDeleteSchema)
    .output(z.object({ id: z.number() }))
    .mutation(async ({ ctx, input }) => {
      return ctx.db.transaction(async (tx) => {
        const { target, isLastActiveAdmin } = await lockTarget(tx, input.userId);
        if (isLastActiveAdmin) throw refuse(LAST_ADMIN_DELETE);
        if (target.id === ctx.user.id) throw refuse(SELF_DELETE);
        await tx.delete(schema.users).where(eq(schema.users.id, target.id));
        // The username is kept as the reference; the e-mail and other personal details go with the account.
        await recordAudit(tx, ctx.user, "user.deleted", { type: "user", id: target.id, details: { username: target.username, role: target.role } });
        return { id: target.id };
      });
    }),
});
