import { createTRPCRouter } from "../../trpc";

// The coach's audit procedures (adminProcedure) are added by their feature issue.
export const adminAuditRouter = createTRPCRouter({});
