import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { asc, eq, schema } from "@coach/db";
import { createTRPCRouter, publicProcedure } from "../trpc";
import { dateTime, idParam, noInput } from "../schemas";

export const testSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  type: z.enum(schema.TEST_TYPES),
  timeEstimate: z.number(),
  createdAt: dateTime,
});

export const testsRouter = createTRPCRouter({
  /** The assessment catalogue; public. */
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/tests", tags: ["tests"], summary: "List assessments" } })
    .input(noInput)
    .output(z.array(testSummary))
    .query(async ({ ctx }) => {
      const db = await ctx.getDb();
      return db
        .select({
          id: schema.tests.id,
          title: schema.tests.title,
          description: schema.tests.description,
          type: schema.tests.type,
          timeEstimate: schema.tests.timeEstimate,
          createdAt: schema.tests.createdAt,
        })
        .from(schema.tests)
        .orderBy(asc(schema.tests.id));
    }),

  /** One test without its questions (the signed-in flow adds questions; see the attempts issue). */
  summary: publicProcedure
    .input(z.object({ id: idParam }))
    .output(testSummary)
    .query(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      const [test] = await db.select().from(schema.tests).where(eq(schema.tests.id, input.id)).limit(1);
      if (!test) throw new TRPCError({ code: "NOT_FOUND", message: "The requested test could not be loaded or doesn't exist." });
      return test;
    }),
});
