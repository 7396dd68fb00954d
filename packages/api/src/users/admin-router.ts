import { z } from "zod";
import { ROLES } from "@coach/db/enums";
import { userDeleteSchema, userDisabledSchema, userListSchema, userRoleSchema } from "@coach/validators/admin-console";
import { dateTime, nullableDateTime } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { deleteUser, listUsers, setDisabled, setRole } from "./service";

const userRow = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: dateTime,
  lastLoginAt: nullableDateTime,
  disabledAt: nullableDateTime,
  /** completed assessments */
  assessments: z.number(),
  /** appointments that are not canceled */
  appointments: z.number(),
});

export const usersAdminRouter = createTRPCRouter({
  list: adminProcedure
    .input(userListSchema)
    .output(z.object({ items: z.array(userRow), total: z.number(), page: z.number(), pageSize: z.number() }))
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  setRole: adminProcedure
    .input(userRoleSchema)
    .output(z.object({ id: z.number(), role: z.enum(ROLES) }))
    .mutation(({ ctx, input }) => setRole(ctx.db, ctx.user, input)),

  setDisabled: adminProcedure
    .input(userDisabledSchema)
    .output(z.object({ id: z.number(), disabledAt: nullableDateTime }))
    .mutation(({ ctx, input }) => setDisabled(ctx.db, ctx.user, input)),

  delete: adminProcedure
    .input(userDeleteSchema)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => deleteUser(ctx.db, ctx.user, input)),
});
