import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { QUESTION_TYPES, TEST_TYPES } from "@coach/db/enums";
import { asc, eq, schema } from "@coach/db";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../transport/trpc";
import { dateTime, idParam, noInput } from "../shared/schemas";
import { cachedRead } from "../shared/read-cache";

export const TEST_NOT_FOUND_MESSAGE = "The requested test could not be loaded or doesn't exist.";

export const testSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  type: z.enum(TEST_TYPES),
  timeEstimate: z.number(),
  createdAt: dateTime,
});

/** A question as the taker sees it: never the correct answer nor the scoring key. */
export const publicQuestion = z.object({
  id: z.number(),
  testId: z.number(),
  text: z.string(),
  order: z.number(),
  imageUrl: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()).nullable(),
});

const summaryColumns = {
  id: schema.tests.id,
  title: schema.tests.title,
  description: schema.tests.description,
  type: schema.tests.type,
  timeEstimate: schema.tests.timeEstimate,
  createdAt: schema.tests.createdAt,
};

export const testsRouter = createTRPCRouter({
  /** The assessment catalogue; public. */
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/tests", tags: ["tests"], summary: "List assessments" } })
    .input(noInput)
    .output(z.array(testSummary))
    .query(async ({ ctx }) => {
      const db = await ctx.getDb();
      return cachedRead(db, "tests", "list", async () => ({ value: await db.select(summaryColumns).from(schema.tests).orderBy(asc(schema.tests.id)) }));
    }),

  /** One test and its questions, for the signed-in taking flow. Keys and scoring never leave the server. */
  byId: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/tests/{id}", tags: ["tests"], summary: "A test with its questions", protect: true } })
    .input(z.object({ id: idParam }))
    .output(z.object({ test: testSummary, questions: z.array(publicQuestion) }))
    .query(async ({ ctx, input }) => {
      const [test] = await ctx.db.select(summaryColumns).from(schema.tests).where(eq(schema.tests.id, input.id)).limit(1);
      if (!test) throw new TRPCError({ code: "NOT_FOUND", message: TEST_NOT_FOUND_MESSAGE });
      const questions = await ctx.db
        .select({
          id: schema.questions.id,
          testId: schema.questions.testId,
          text: schema.questions.text,
          order: schema.questions.order,
          imageUrl: schema.questions.imageUrl,
          type: schema.questions.type,
          options: schema.questions.options,
        })
        .from(schema.questions)
        .where(eq(schema.questions.testId, test.id))
        .orderBy(asc(schema.questions.order));
      return { test, questions };
    }),

  /** One test without its questions (public: page titles and metadata). */
  summary: publicProcedure
    .input(z.object({ id: idParam }))
    .output(testSummary)
    .query(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      const [test] = await db.select(summaryColumns).from(schema.tests).where(eq(schema.tests.id, input.id)).limit(1);
      if (!test) throw new TRPCError({ code: "NOT_FOUND", message: TEST_NOT_FOUND_MESSAGE });
      return test;
    }),
});
