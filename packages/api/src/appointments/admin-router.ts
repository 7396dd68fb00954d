import { z } from "zod";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES } from "@coach/db/enums";
import { answersSchema, cancelReasonSchema, rescheduleAppointmentSchema } from "@coach/validators/booking";
import { idParam } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { attendanceByClient, exportBookingsCsv, listBookings, markAttendance } from "./admin-service";
import { bookForClient } from "./booking";
import { cancel, reschedule } from "./changes";
import { adminBookingPage, appointmentOutput, attendanceMark, attendanceStats, bookingsCsv } from "./shapes";
import { boundedDateFromText, inSupportedYears, numberFromText, supportedYearsMessage } from "@coach/validators/text-or-json";

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || !Number.isNaN(new Date(v).getTime()), {
      message: `${label} must be a date, e.g. 2026-03-10 or 2026-03-10T14:00:00Z.`,
      abort: true,
    })
    .refine((v) => !v || inSupportedYears(new Date(v)), supportedYearsMessage(label))
    .transform((v) => (v ? new Date(v) : undefined));

const filters = z.object({
  from: optionalDate("from"),
  to: optionalDate("to"),
  status: z.enum(APPOINTMENT_STATUSES, { message: "status is pending, awaiting_payment, scheduled, canceled or completed." }).optional(),
  when: z.enum(["upcoming", "past"]).optional(),
  conflicts: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
  search: z.string().trim().max(100).optional(),
});

/** The coach's bookings (path `admin.appointments.*`). */
export const appointmentsAdminRouter = createTRPCRouter({
  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/appointments", tags: ["admin"], summary: "All bookings, filtered and paged", protect: true },
    })
    .input(
      filters.extend({
        page: numberFromText(
          z.number({ message: "Page must be a whole number" }).int("Page must be a whole number").min(1, "Page must be 1 or more"),
        ).default(1),
        pageSize: numberFromText(
          z
            .number({ message: "Page size must be a whole number" })
            .int("Page size must be a whole number")
            .min(1, "Page size must be at least 1")
            .max(200, "Page size must be at most 200"),
        ).default(50),
      }),
    )
    .output(adminBookingPage)
    .query(({ ctx, input }) => listBookings(ctx.db, input)),

  exportCsv: adminProcedure
    .input(filters)
    .output(bookingsCsv)
    .mutation(({ ctx, input }) => exportBookingsCsv(ctx.db, input)),

  attendance: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/appointments/{id}/attendance",
        tags: ["admin"],
        summary: "Record attended or no-show",
        protect: true,
      },
    })
    .input(z.object({ id: idParam, attendance: z.enum(ATTENDANCE_VALUES, { message: "attendance is attended or no-show." }) }))
    .output(attendanceMark)
    .mutation(({ ctx, input }) => markAttendance(ctx.db, ctx.user, input)),

  attendanceStats: adminProcedure.output(attendanceStats).query(({ ctx }) => attendanceByClient(ctx.db)),

  /** Cancel any booking, with a message to the client. */
  cancel: adminProcedure
    .input(z.object({ id: idParam, message: cancelReasonSchema }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => cancel(ctx.db, ctx.user, { id: input.id, reason: input.message }, ctx.requestId)),

  /** Move any booking, with a message to the client. */
  reschedule: adminProcedure
    .input(rescheduleAppointmentSchema)
    .output(appointmentOutput)
    .mutation(({ ctx, input }) => reschedule(ctx.db, ctx.user, input, ctx.requestId)),

  /** Book on a client's behalf. */
  bookForClient: adminProcedure
    .input(
      z.object({
        userId: z.number().int().positive(),
        appointmentType: z.enum(APPOINTMENT_TYPES),
        title: z.string().trim().min(3, "Title must be at least 3 characters.").max(200),
        description: z.string().trim().max(2000).optional(),
        startTime: boundedDateFromText("Start time"),
        endTime: boundedDateFromText("End time"),
        answers: answersSchema.optional(),
      }),
    )
    .output(appointmentOutput)
    .mutation(({ ctx, input }) => bookForClient(ctx.db, input, ctx.requestId)),
});
