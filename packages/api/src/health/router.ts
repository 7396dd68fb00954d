import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { pingDb } from "@coach/db";
import { createTRPCRouter, publicProcedure } from "../transport/trpc";
import { noInput } from "../shared/schemas";

export const healthRouter = createTRPCRouter({
  /** 200 {status:"ok"} when the database answers; 503 otherwise. */
  check: publicProcedure
    .meta({ openapi: { method: "GET", path: "/health", tags: ["health"], summary: "Liveness and database check" } })
    .input(noInput)
    .output(z.object({ status: z.literal("ok") }))
    .query(async ({ ctx }) => {
      const healthy = await ctx.getDb().then(
        (db) => pingDb(db),
        () => false,
      );
      if (!healthy) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The database is not answering." });
      return { status: "ok" as const };
    }),
});
