import { createTRPCRouter } from "../../trpc";

// The coach's newsletter procedures (adminProcedure) are added by their feature issue.
export const adminNewsletterRouter = createTRPCRouter({});
