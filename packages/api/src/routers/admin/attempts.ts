import { createTRPCRouter } from "../../trpc";

// The coach's attempts procedures (adminProcedure) are added by their feature issue.
export const adminAttemptsRouter = createTRPCRouter({});
