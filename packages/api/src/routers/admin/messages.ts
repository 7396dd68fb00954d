import { createTRPCRouter } from "../../trpc";

// The coach's messages procedures (adminProcedure) are added by their feature issue.
export const adminMessagesRouter = createTRPCRouter({});
