import { analyticsPeriodSchema } from "@coach/validators/admin-console";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { analyticsForPeriod, analyticsOverview } from "./service";

export type { AnalyticsOverview } from "./service";

export const analyticsAdminRouter = createTRPCRouter({
  /** What the site itself can count for a period (whole UTC days, both ends included). */
  overview: adminProcedure
    .input(analyticsPeriodSchema)
    .output(analyticsOverview)
    .query(({ ctx, input }) => analyticsForPeriod(ctx.db, input)),
});
