import { z } from "zod";
import { count, desc, ilike, or, schema, sql } from "@coach/db";
import { auditListSchema } from "@coach/validators/admin-console";
import { dateTime } from "../shared/schemas";
import { likePattern } from "../shared/db";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";

const entry = z.object({
  id: z.number(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: dateTime,
});



export const auditAdminRouter = createTRPCRouter({
  /** The audit trail, newest first; searchable by who or what. */
  list: adminProcedure
    .input(auditListSchema)
    .output(z.object({ items: z.array(entry), total: z.number(), page: z.number(), pageSize: z.number() }))
    .query(async ({ ctx, input }) => {
      const a = schema.auditLog;
      const where = input.search
        ? or(
            ilike(a.actorUsername, likePattern(input.search)),
            ilike(a.action, likePattern(input.search)), ilike(a.targetId, likePattern(input.search)),
            ilike(sql`${a.details}->>'username'`, likePattern(input.search)),
          )
        : undefined;
      const [[totals], items] = await Promise.all([
        ctx.db.select({ n: count() }).from(a).where(where),
        ctx.db
          .select({
            id: a.id,
            actorUsername: a.actorUsername,
            action: a.action,
            targetType: a.targetType,
            targetId: a.targetId,
            details: a.details,
            createdAt: a.createdAt,
          })
          .from(a)
          .where(where)
          .orderBy(desc(a.createdAt), desc(a.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
      ]);
      return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
    }),
});
