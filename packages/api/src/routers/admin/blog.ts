import { createTRPCRouter } from "../../trpc";

// The coach's blog procedures (adminProcedure) are added by their feature issue.
export const adminBlogRouter = createTRPCRouter({});
