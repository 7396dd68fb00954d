import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { idParam } from "../shared/schemas";
import { deactivateSubscriber, deleteSubscriber, exportSubscribers, listSubscribers } from "./service";
import { issueSend, issueSent, letterRow, letterSent, subscriberList, subscribersCsv, testIssueSent } from "./shapes";
import { listSends, sendIssue, sendTestIssue } from "./issues";
import { listLetters, saveLetter, sendLetter, sendLetterTest } from "./letters";
import { letterInput, letterTestInput } from "@coach/validators/newsletter";

export { SUBSCRIBER_STATUSES } from "./shapes";

const success = z.object({ success: z.literal(true) });

export const newsletterAdminRouter = createTRPCRouter({
  /** Subscribers, newest first, optionally filtered by email or name. */
  list: adminProcedure
    .input(z.object({ search: z.string().trim().max(200).optional() }).optional())
    .output(subscriberList)
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
  exportCsv: adminProcedure.output(subscribersCsv).mutation(({ ctx }) => exportSubscribers(ctx.db, ctx.user)),

  /** Sends posts' newsletters: which were sent, to how many, and whether a test went out since the last edit. */
  sends: adminProcedure.output(z.array(issueSend)).query(({ ctx }) => listSends(ctx.db)),

  /** A copy of the issue to the coach's own address, or to any one address she names; required before the real send. */
  sendTest: adminProcedure
    .input(z.object({ postId: idParam, to: letterTestInput.shape.to.optional() }))
    .output(testIssueSent)
    .mutation(({ ctx, input }) => sendTestIssue(ctx.db, ctx.user, input.postId, input.to)),

  /** Sends a published post to every confirmed, active subscriber, never twice to one. */
  send: adminProcedure
    .input(z.object({ postId: idParam }))
    .output(issueSent)
    .mutation(({ ctx, input }) => sendIssue(ctx.db, ctx.user, input.postId)),

  /** Issues written in the console, newest first. */
  letters: adminProcedure.output(z.array(letterRow)).query(({ ctx }) => listLetters(ctx.db)),

  /** Creates an issue, or edits a draft (an edit asks for a new test before the real send). */
  saveLetter: adminProcedure
    .input(letterInput)
    .output(letterRow)
    .mutation(({ ctx, input }) => saveLetter(ctx.db, ctx.user, input)),

  /** A test copy of an issue to any address. */
  testLetter: adminProcedure
    .input(letterTestInput)
    .output(letterRow)
    .mutation(({ ctx, input }) => sendLetterTest(ctx.db, ctx.user, input)),

  /** Sends a tested issue to every confirmed, active subscriber, never twice to one. */
  sendLetter: adminProcedure
    .input(z.object({ id: idParam }))
    .output(letterSent)
    .mutation(({ ctx, input }) => sendLetter(ctx.db, ctx.user, input.id)),
});
