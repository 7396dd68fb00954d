import { messageListSchema, messageReadSchema, messageReplySchema } from "@coach/validators/admin-console";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { listMessages, replyToMessage, setMessageRead } from "./inbox";
import { messagePage, messageReadState, replyRow } from "./shapes";

export const contactAdminRouter = createTRPCRouter({
  /** Contact-form messages, newest first, searched, with their replies and the number still unread. */
  list: adminProcedure
    .input(messageListSchema)
    .output(messagePage)
    .query(({ ctx, input }) => listMessages(ctx.db, input)),

  /** Marks a message read or unread. */
  setRead: adminProcedure
    .input(messageReadSchema)
    .output(messageReadState)
    .mutation(({ ctx, input }) => setMessageRead(ctx.db, ctx.user, input)),

  /** Answers a message by email; the reply is kept with the message. */
  reply: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/messages/{id}/reply", tags: ["admin"], summary: "Answer a contact message", protect: true },
    })
    .input(messageReplySchema)
    .output(replyRow)
    .mutation(({ ctx, input }) => replyToMessage(ctx.db, ctx.user, input)),
});
