import { z } from "zod";
import { QUESTION_TYPES, TEST_TYPES } from "@coach/db/enums";
import { INVALIDATING_FLAGS } from "@coach/assessments/results";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { attemptFiltersSchema } from "@coach/validators/client-list";
import { idParam, noInput } from "../shared/schemas";
import { scaleReading } from "../coaching/shapes";
import { attemptDetail, deleteAllAttempts, deleteAttempt, exportAttemptsCsv, listCompletedAttempts } from "./admin-service";
import { calibrateTest, calibrationOf, calibrationView } from "./calibration";
import { resultFields } from "./shapes";

const attemptUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
const attemptTest = z.object({ id: z.number(), title: z.string(), type: z.enum(TEST_TYPES) });

const listItem = resultFields.omit({ resultSummary: true, resultData: true }).extend({
  user: attemptUser,
  test: attemptTest,
  /** the validity flags that make this result "Not a measurement" (empty for a measurement) */
  invalidFlags: z.array(z.enum(INVALIDATING_FLAGS)),
});

const detail = z.object({
  attempt: resultFields,
  /** each scale's score with its 90% range, from the stored result */
  scales: z.array(scaleReading),
  user: attemptUser,
  test: attemptTest,
  responses: z.array(
    z.object({
      id: z.number(),
      answer: z.string(),
      question: z.object({
        id: z.number(),
        text: z.string(),
        order: z.number(),
        type: z.enum(QUESTION_TYPES),
        options: z.array(z.string()).nullable(),
        correctAnswer: z.string().nullable(),
      }),
    }),
  ),
});

/** The coach's review of assessment attempts (admin.attempts). */
export const assessmentsAdminRouter = createTRPCRouter({
  /** Completed attempts of every user, newest first; optionally by test type, person and period. */
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/test-attempts", tags: ["admin"], summary: "All completed attempts", protect: true } })
    .input(attemptFiltersSchema.optional())
    .output(z.array(listItem))
    .query(({ ctx, input }) => listCompletedAttempts(ctx.db, input)),

  /** Deletes every attempt (with their responses). Declared before `{id}` so the static path wins. */
  deleteAll: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/test-attempts", tags: ["admin"], summary: "Delete all attempts", protect: true } })
    .input(noInput)
    .output(z.object({ stats: z.object({ success: z.number() }) }))
    .mutation(({ ctx }) => deleteAllAttempts(ctx.db, ctx.user)),

  byId: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/test-attempts/{id}", tags: ["admin"], summary: "One attempt with responses", protect: true },
    })
    .input(z.object({ id: idParam }))
    .output(detail)
    .query(({ ctx, input }) => attemptDetail(ctx.db, input.id)),

  delete: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/admin/test-attempts/{id}", tags: ["admin"], summary: "Delete one attempt", protect: true },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => deleteAttempt(ctx.db, ctx.user, input.id)),

  /** Every attempt with its responses as CSV. A mutation because it is audited. */
  exportCsv: adminProcedure
    .input(noInput)
    .output(z.object({ filename: z.string(), csv: z.string(), attempts: z.number() }))
    .mutation(({ ctx }) => exportAttemptsCsv(ctx.db, ctx.user)),
});

/** The coach's view of the instruments themselves (admin.tests): the IQ calibration. */
export const testsAdminRouter = createTRPCRouter({
  /** The active calibration of an IQ test (N, date, item parameters, information curve), or null before the first. */
  calibration: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/tests/{id}/calibration",
        tags: ["admin"],
        summary: "The IQ test's calibration",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(calibrationView)
    .query(({ ctx, input }) => calibrationOf(ctx.db, input.id)),

  /** Fits the IQ items to each person's latest attempt (at least 200 people, else 422 with how many more are needed). */
  calibrate: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/tests/{id}/calibrate", tags: ["admin"], summary: "Calibrate the IQ test", protect: true },
    })
    .input(z.object({ id: idParam }))
    .output(calibrationView)
    .mutation(({ ctx, input }) => calibrateTest(ctx.db, ctx.user, input.id)),
});
