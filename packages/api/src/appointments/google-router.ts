import { z } from "zod";
import { noInput } from "../shared/schemas";
import { createTRPCRouter, publicProcedure } from "../trpc/init";
import { receiveCalendarNotification } from "./calendar-sync";

/** What Google calls (path `google.*`): push notifications of the coach's calendar. */
export const googleRouter = createTRPCRouter({
  /** Google's POST for a watch channel (headers X-Goog-Channel-ID, -Token, X-Goog-Resource-ID; no body). */
  calendarNotification: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/google/calendar/notifications",
        tags: ["settings"],
        summary: "Google Calendar push notification (called by Google for the registered channel)",
      },
    })
    .input(noInput)
    .output(z.object({ received: z.literal(true) }))
    .mutation(async ({ ctx }) => receiveCalendarNotification(await ctx.getDb(), ctx.headers, ctx.tasks, ctx.requestId)),
});
