import { z } from "zod";
import { availabilitySettingsSchema } from "@coach/scheduling";
import { calendarSettingsSchema, googleCallbackSchema } from "@coach/validators/calendar";
import { noInput } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { holidayCalendar, loadAvailability, saveAvailability } from "./availability";
import { calendarSettings, completeAuthorization, disconnectCalendar, saveCalendarSettings } from "./calendar-service";
import { calendarConnection, calendarDisconnected, calendarSaved, calendarSettingsOutput, holidayCalendarOutput } from "./shapes";

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
    .output(calendarSaved)
    .mutation(({ ctx, input }) => saveCalendarSettings(ctx.db, ctx.user, input)),

  disconnectGoogleCalendar: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings/google-calendar/disconnect", tags: ["settings"], protect: true } })
    .input(noInput)
    .output(calendarDisconnected)
    .mutation(({ ctx }) => disconnectCalendar(ctx.db, ctx.user)),

  /** The OAuth redirect (GET /api/auth/google/callback) lands here. */
  completeGoogleAuthorization: adminProcedure
    .input(googleCallbackSchema)
    .output(calendarConnection)
    .mutation(({ ctx, input }) => completeAuthorization(ctx.db, ctx.user, input)),

  availability: adminProcedure.output(availabilitySettingsSchema).query(({ ctx }) => loadAvailability(ctx.db)),

  /** The public-holiday calendars: every country, and one country's holidays this year and next. */
  holidays: adminProcedure
    .input(
      z.object({
        country: z
          .string()
          .regex(/^[A-Z]{2}$/)
          .nullable(),
      }),
    )
    .output(holidayCalendarOutput)
    .query(({ input }) => holidayCalendar(input.country)),

  updateAvailability: adminProcedure
    .input(availabilitySettingsSchema)
    .output(availabilitySettingsSchema)
    .mutation(({ ctx, input }) => saveAvailability(ctx.db, ctx.user, input)),
});
