import { z } from "zod";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc/init";
import { idParam, noInput } from "../shared/schemas";
import { methodology } from "./psychometrics";
import { publishedItemBank, publishedItems } from "./items";
import { listTests, testSummary, testWithQuestions } from "./service";
import { methodologyOutput, publicQuestion, testSummary as testSummaryShape } from "./shapes";
import { cachedRead } from "../shared/read-cache";

export const testsRouter = createTRPCRouter({
  /** The assessment catalogue; public. */
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/tests", tags: ["tests"], summary: "List assessments" } })
    .input(noInput)
    .output(z.array(testSummaryShape))
    .query(async ({ ctx }) => {
      const db = await ctx.getDb();
      return cachedRead(db, "tests", "list", async () => ({ value: await listTests(db) }));
    }),

  /**
   * Live reliability (with its 90% interval and N) and the norm of every test, over each person's
   * latest attempt; public, for the methodology page. Declared before `/tests/{id}` so the static path wins.
   */
  methodology: publicProcedure
    .meta({ openapi: { method: "GET", path: "/tests/methodology", tags: ["tests"], summary: "Reliability and norms of every assessment" } })
    .input(noInput)
    .output(methodologyOutput)
    .query(async ({ ctx }) => methodology(await ctx.getDb())),

  /** One test and its questions, for the signed-in taking flow. Keys and scoring never leave the server. */
  byId: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/tests/{id}", tags: ["tests"], summary: "A test with its questions", protect: true } })
    .input(z.object({ id: idParam }))
    .output(z.object({ test: testSummaryShape, questions: z.array(publicQuestion) }))
    .query(({ ctx, input }) => testWithQuestions(ctx.db, input.id)),

  /**
   * The published item bank: every question in use with its scale, keying, current parameters and
   * the number of people they rest on; public, IQ without correct answers (docs/decisions/0040).
   */
  items: publicProcedure
    .meta({ openapi: { method: "GET", path: "/tests/{id}/items", tags: ["tests"], summary: "The published item bank of an assessment" } })
    .input(z.object({ id: idParam }))
    .output(publishedItems)
    .query(async ({ ctx, input }) => publishedItemBank(await ctx.getDb(), input.id)),

  /** One test without its questions (public: page titles and metadata). */
  summary: publicProcedure
    .input(z.object({ id: idParam }))
    .output(testSummaryShape)
    .query(async ({ ctx, input }) => testSummary(await ctx.getDb(), input.id)),
});
