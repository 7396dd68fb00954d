import { createTRPCRouter } from "../../trpc";

// The coach's users procedures (adminProcedure) are added by their feature issue.
export const adminUsersRouter = createTRPCRouter({});
