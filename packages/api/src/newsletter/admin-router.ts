import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { idParam, nullableDateTime } from "../shared/schemas";
import {
  SUBSCRIBER_STATUSES,
  deactivateSubscriber,
  deleteSubscriber,
  exportSubscribers,
  listSends,
  listSubscribers,
  sendIssue,
  sendTestIssue,
  subscriber,
} from "./service";

export { SUBSCRIBER_STATUSES } from "./service";

const success = z.object({ success: z.literal(true) });

export const newsletterAdminRouter = createTRPCRouter({
  /** Subscribers, newest first, optionally filtered by email or name. */
  list: adminProcedure
    .input(z.object({ search: z.string().trim().max(200).optional() }).optional())
    .output(z.object({ subscribers: z.array(subscriber), counts: z.record(z.enum(SUBSCRIBER_STATUSES), z.number()) }))
    .query(({ ctx, input }) => listSubscribers(ctx.db, input?.search)),

  deactivate: adminProcedure
    .input(z.object({ id: idParam }))
    .output(success)
    .mutation(({ ctx, input }) => deactivateSubscriber(ctx.db, ctx.user, input.id)),

  delete: adminProcedure
    .input(z.object({ id: idParam }))
    .output(success)
    .mutation(({ ctx, input }) => deleteSubscriber(ctx.db, ctx.user, input.id)),

  /** All subscribers as CSV (email, names, status, dates). */
  exportCsv: adminProcedure
    .output(z.object({ filename: z.string(), csv: z.string(), count: z.number() }))
    .mutation(({ ctx }) => exportSubscribers(ctx.db, ctx.user)),

  /** Sends posts' newsletters: which were sent, to how many, and whether a test went out since the last edit. */
  sends: adminProcedure
    .output(
      z.array(
        z.object({
          postId: z.number(),
          sendId: z.number().nullable(),
          recipientCount: z.number(),
          completedAt: nullableDateTime,
          testedAt: nullableDateTime,
        }),
      ),
    )
    .query(({ ctx }) => listSends(ctx.db)),

  /** A copy of the issue to the coach's own address, required before the real send. */
  sendTest: adminProcedure
    .input(z.object({ postId: idParam }))
    .output(z.object({ to: z.string() }))
    .mutation(({ ctx, input }) => sendTestIssue(ctx.db, ctx.user, input.postId)),

  /** Sends a published post to every confirmed, active subscriber, never twice to one. */
  send: adminProcedure
    .input(z.object({ postId: idParam }))
    .output(z.object({ sendId: z.number(), queued: z.number(), alreadySent: z.number() }))
    .mutation(({ ctx, input }) => sendIssue(ctx.db, ctx.user, input.postId)),
});
