import { z } from "zod";
import { messageListSchema, messageReadSchema } from "@coach/validators/admin-console";
import { nullableDateTime } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { listMessages, messageRow, setMessageRead } from "./service";

export const contactAdminRouter = createTRPCRouter({
  /** Contact-form messages, newest first, with the number still unread. */
  list: adminProcedure
    .input(messageListSchema)
    .output(z.object({ items: z.array(messageRow), total: z.number(), unread: z.number(), page: z.number(), pageSize: z.number() }))
    .query(({ ctx, input }) => listMessages(ctx.db, input)),

  /** Marks a message read or unread. */
  setRead: adminProcedure
    .input(messageReadSchema)
    .output(z.object({ id: z.number(), readAt: nullableDateTime }))
    .mutation(({ ctx, input }) => setMessageRead(ctx.db, ctx.user, input)),
});
