import { createTRPCRouter } from "../../trpc";

// The coach's analytics procedures (adminProcedure) are added by their feature issue.
export const adminAnalyticsRouter = createTRPCRouter({});
