import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "../trpc/init";
import { DomainError } from "../shared/domain-error";
import { noInput } from "../shared/schemas";
import { databaseHealthy } from "./service";

export const healthRouter = createTRPCRouter({
  /** 200 {status:"ok"} when the database answers (probed at most once a second); 503 otherwise. */
  check: publicProcedure
    .meta({ openapi: { method: "GET", path: "/health", tags: ["health"], summary: "Liveness and database check" } })
    .input(noInput)
    .output(z.object({ status: z.literal("ok") }))
    .query(async ({ ctx }) => {
      if (!(await databaseHealthy(ctx.getDb))) throw new DomainError("SERVICE_UNAVAILABLE", "The database is not answering.");
      return { status: "ok" as const };
    }),
});
