import { z } from "zod";
import { availabilitySettingsSchema } from "@coach/scheduling";
import { calendarSettingsSchema, googleCallbackSchema } from "@coach/validators/calendar";
import { noInput } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { loadAvailability, saveAvailability } from "./availability";
import { calendarSettings, completeAuthorization, disconnectCalendar, saveCalendarSettings } from "./calendar-service";

const calendarSettingsOutput = z.object({
  clientId: z.string(),
  /** Masked: the stored secret never leaves the server. */
  clientSecret: z.string(),
  redirectUri: z.string(),
  connected: z.boolean(),
  /** Why the connection stopped (e.g. a revoked token), for the coach. */
  message: z.string().nullable(),
});

/** The coach's scheduling settings: the Google Calendar connection and availability (path `settings.*`). */
export const settingsRouter = createTRPCRouter({
  googleCalendar: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings/google-calendar", tags: ["settings"], protect: true } })
    .input(noInput)
    .output(calendarSettingsOutput)
    .query(({ ctx }) => calendarSettings(ctx.db)),

  saveGoogleCalendar: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings/google-calendar", tags: ["settings"], protect: true } })
    .input(calendarSettingsSchema)
    .output(z.object({ success: z.literal(true), connected: z.boolean(), authUrl: z.string().optional() }))
    .mutation(({ ctx, input }) => saveCalendarSettings(ctx.db, ctx.user, input)),

  disconnectGoogleCalendar: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings/google-calendar/disconnect", tags: ["settings"], protect: true } })
    .input(noInput)
    .output(z.object({ success: z.literal(true), connected: z.literal(false) }))
    .mutation(({ ctx }) => disconnectCalendar(ctx.db, ctx.user)),

  /** The OAuth redirect (GET /api/auth/google/callback) lands here. */
  completeGoogleAuthorization: adminProcedure
    .input(googleCallbackSchema)
    .output(z.object({ connected: z.boolean(), message: z.string().nullable() }))
    .mutation(({ ctx, input }) => completeAuthorization(ctx.db, ctx.user, input)),

  availability: adminProcedure.output(availabilitySettingsSchema).query(({ ctx }) => loadAvailability(ctx.db)),

  updateAvailability: adminProcedure
    .input(availabilitySettingsSchema)
    .output(availabilitySettingsSchema)
    .mutation(({ ctx, input }) => saveAvailability(ctx.db, ctx.user, input)),
});
