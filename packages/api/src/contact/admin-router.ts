import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { count, desc, eq, isNull, schema } from "@coach/db";
import { messageListSchema, messageReadSchema } from "@coach/validators/admin-console";
import { recordAudit } from "../audit/record";
import { dateTime, nullableDateTime } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";

const messageRow = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  readAt: nullableDateTime,
  createdAt: dateTime,
});

export const contactAdminRouter = createTRPCRouter({
  /** Contact-form messages, newest first, with the number still unread. */
  list: adminProcedure
    .input(messageListSchema)
    .output(z.object({ items: z.array(messageRow), total: z.number(), unread: z.number(), page: z.number(), pageSize: z.number() }))
    .query(async ({ ctx, input }) => {
      const m = schema.contactMessages;
      const where = input.filter === "unread" ? isNull(m.readAt) : undefined;
      const [[totals], [unread], items] = await Promise.all([
        ctx.db.select({ n: count() }).from(m).where(where),
        ctx.db.select({ n: count() }).from(m).where(isNull(m.readAt)),
        ctx.db
          .select()
          .from(m)
          .where(where)
          .orderBy(desc(m.createdAt), desc(m.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
      ]);
      return { items, total: totals?.n ?? 0, unread: unread?.n ?? 0, page: input.page, pageSize: input.pageSize };
    }),

  /** Marks a message read or unread. */
  setRead: adminProcedure
    .input(messageReadSchema)
    .output(z.object({ id: z.number(), readAt: nullableDateTime }))
    .mutation(async ({ ctx, input }) => {
      const m = schema.contactMessages;
      const [row] = await ctx.db
        .update(m)
        .set({ readAt: input.read ? new Date() : null })
        .where(eq(m.id, input.id))
        .returning({ id: m.id, readAt: m.readAt });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "That message no longer exists. Refresh the list." });
      await recordAudit(ctx.db, ctx.user, input.read ? "message.marked_read" : "message.marked_unread", { type: "contact_message", id: row.id });
      return row;
    }),
});
