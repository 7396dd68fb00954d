import { z } from "zod";
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, ATTENDANCE_VALUES } from "@coach/db/enums";
import { answersSchema, cancelReasonSchema, rescheduleAppointmentSchema } from "@coach/validators/booking";
import { dateTime, idParam } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { attendanceByClient, exportBookingsCsv, listBookings, markAttendance } from "./admin-service";
import { appointmentOutput, bookForClient, cancel, reschedule } from "./service";
import { dateFromText, numberFromText } from "@coach/validators/text-or-json";

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || !Number.isNaN(new Date(v).getTime()), `${label} must be a date, e.g. 2026-03-10 or 2026-03-10T14:00:00Z.`)
    .transform((v) => (v ? new Date(v) : undefined));

const filters = z.object({
  from: optionalDate("from"),
  to: optionalDate("to"),
  status: z.enum(APPOINTMENT_STATUSES, { message: "status is pending, scheduled, canceled or completed." }).optional(),
  when: z.enum(["upcoming", "past"]).optional(),
  conflicts: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
  search: z.string().trim().max(100).optional(),
});

const booking = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  startTime: dateTime,
  endTime: dateTime,
  status: z.enum(APPOINTMENT_STATUSES),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  clientTimeZone: z.string().nullable(),
  rescheduleCount: z.number(),
  attendance: z.enum(ATTENDANCE_VALUES).nullable(),
  /** Why a change made in Google Calendar was not applied, for the coach to resolve. */
  syncConflict: z.string().nullable(),
  createdAt: dateTime,
  client: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});

const rate = z.number().nullable();

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
    .output(z.object({ items: z.array(booking), total: z.number(), page: z.number(), pageSize: z.number(), coachTimeZone: z.string() }))
    .query(({ ctx, input }) => listBookings(ctx.db, input)),

  exportCsv: adminProcedure
    .input(filters)
    .output(z.object({ filename: z.string(), csv: z.string(), count: z.number() }))
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
    .output(z.object({ id: z.number(), attendance: z.enum(ATTENDANCE_VALUES), status: z.enum(APPOINTMENT_STATUSES) }))
    .mutation(({ ctx, input }) => markAttendance(ctx.db, ctx.user, input)),

  attendanceStats: adminProcedure
    .output(
      z.object({
        clients: z.array(
          z.object({
            client: z.object({ id: z.number(), name: z.string(), email: z.string() }),
            recorded: z.number(),
            attended: z.number(),
            noShows: z.number(),
            rate,
          }),
        ),
        overall: z.object({ recorded: z.number(), attended: z.number(), noShows: z.number(), rate }),
      }),
    )
    .query(({ ctx }) => attendanceByClient(ctx.db)),

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
        startTime: dateFromText(z.date({ message: "Start time must be a date and time." })),
        endTime: dateFromText(z.date({ message: "End time must be a date and time." })),
        answers: answersSchema.optional(),
      }),
    )
    .output(appointmentOutput)
    .mutation(({ ctx, input }) => bookForClient(ctx.db, input, ctx.requestId)),
});
