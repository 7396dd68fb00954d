import { z } from "zod";
import { isValidTimeZone } from "@coach/scheduling";
import { availableSlotsSchema, cancelReasonSchema, createAppointmentSchema, rescheduleAppointmentSchema } from "@coach/validators/booking";
import { idParam, noInput } from "../shared/schemas";
import { createTRPCRouter, protectedProcedure } from "../trpc/init";
import { book, myAppointments } from "./booking";
import { cancel, reschedule } from "./changes";
import { appointmentOutput, bookedOutput, bookingOptionsOutput, slotOutput, typeOutput } from "./shapes";
import { appointmentTypes, availableSlots, bookingOptions } from "./slots";

/** Cancel's optional zone for the emails: an unknown zone is ignored (the coach's zone is used). */
const optionalTimeZone = z
  .string()
  .max(64)
  .optional()
  .transform((value) => (value && isValidTimeZone(value) ? value : undefined));

export const appointmentsRouter = createTRPCRouter({
  bookingOptions: protectedProcedure
    .input(noInput)
    .output(bookingOptionsOutput)
    .query(({ ctx }) => bookingOptions(ctx.db)),

  types: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/appointments/types",
        tags: ["appointments"],
        summary: "Appointment types with lengths and intake questions",
        protect: true,
      },
    })
    .input(noInput)
    .output(z.array(typeOutput))
    .query(({ ctx }) => appointmentTypes(ctx.db)),

  availableSlots: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/appointments/available-slots",
        tags: ["appointments"],
        summary: "Free slots in a window",
        protect: true,
      },
    })
    .input(availableSlotsSchema)
    .output(z.array(slotOutput))
    .query(({ ctx, input }) => availableSlots(ctx.db, input)),

  mine: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/appointments/user",
        tags: ["appointments"],
        summary: "My appointments, newest first",
        protect: true,
      },
    })
    .input(noInput)
    .output(z.array(appointmentOutput))
    .query(({ ctx }) => myAppointments(ctx.db, ctx.user.id)),

  create: protectedProcedure
    .meta({ openapi: { method: "POST", path: "/appointments", tags: ["appointments"], summary: "Book an appointment", protect: true } })
    .input(createAppointmentSchema)
    .output(bookedOutput)
    .mutation(({ ctx, input }) => book(ctx.db, ctx.user, input, ctx.requestId)),

  cancel: protectedProcedure
    .meta({
      openapi: { method: "DELETE", path: "/appointments/{id}", tags: ["appointments"], summary: "Cancel my appointment", protect: true },
    })
    .input(z.object({ id: idParam, timeZone: optionalTimeZone, reason: cancelReasonSchema }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => cancel(ctx.db, ctx.user, input, ctx.requestId)),

  reschedule: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/appointments/{id}/reschedule",
        tags: ["appointments"],
        summary: "Move my appointment to another slot",
        protect: true,
      },
    })
    .input(rescheduleAppointmentSchema)
    .output(appointmentOutput)
    .mutation(({ ctx, input }) => reschedule(ctx.db, ctx.user, input, ctx.requestId)),
});
