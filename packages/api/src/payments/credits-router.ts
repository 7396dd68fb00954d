/** The coach's credit procedures (issue 31): list a client's grants, grant, extend, take back; all audited. */
import { z } from "zod";
import { APPOINTMENT_TYPES, CREDIT_SOURCES } from "@coach/db/enums";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { dateTime, idParam, nullableDateTime } from "../shared/schemas";
import { clientGrants, coachGrantCredits, extendCredits, takeBackCredits } from "./credits-admin";

const grantOutput = z.object({
  id: z.number(),
  userId: z.number(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  total: z.number(),
  used: z.number(),
  expiresAt: nullableDateTime,
  source: z.enum(CREDIT_SOURCES),
  note: z.string().nullable(),
  createdAt: dateTime,
});
const sessions = z
  .number({ message: "Give the number of sessions." })
  .int("Sessions must be a whole number.")
  .min(1, "Give at least 1 session.")
  .max(100, "At most 100 sessions at a time.");
const expiry = z.coerce.date({ message: "The expiry must be a date." }).nullable();
/** Why the coach changed a client's credits: kept in the audit entry (the console asks for one; scripts may omit it). */
const reason = z.string().trim().max(500, "A reason can be at most 500 characters.").optional();

export const creditsAdminRouter = createTRPCRouter({
  list: adminProcedure
    .input(z.object({ userId: idParam }))
    .output(z.array(grantOutput))
    .query(({ ctx, input }) => clientGrants(ctx.db, input.userId)),
  grant: adminProcedure
    .input(
      z.object({
        userId: idParam,
        appointmentType: z.enum(APPOINTMENT_TYPES, { message: "Choose consultation, coaching or followup." }),
        sessions,
        expiresAt: expiry,
        note: reason,
      }),
    )
    .output(grantOutput)
    .mutation(({ ctx, input }) => coachGrantCredits(ctx.db, ctx.user, input)),
  extend: adminProcedure
    .input(z.object({ grantId: idParam, expiresAt: expiry, reason }))
    .output(grantOutput)
    .mutation(({ ctx, input }) => extendCredits(ctx.db, ctx.user, input)),
  takeBack: adminProcedure
    .input(z.object({ grantId: idParam, sessions, reason }))
    .output(grantOutput)
    .mutation(({ ctx, input }) => takeBackCredits(ctx.db, ctx.user, input)),
});
