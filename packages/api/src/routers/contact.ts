import { createTRPCRouter } from "../trpc";

// Procedures of this area are added by its feature issue.
export const contactRouter = createTRPCRouter({});
