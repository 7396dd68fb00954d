import { createTRPCRouter } from "../trpc";
import { adminAnalyticsRouter } from "./admin/analytics";
import { adminAttemptsRouter } from "./admin/attempts";
import { adminAuditRouter } from "./admin/audit";
import { adminBlogRouter } from "./admin/blog";
import { adminMessagesRouter } from "./admin/messages";
import { adminNewsletterRouter } from "./admin/newsletter";
import { adminUsersRouter } from "./admin/users";

/** Everything the coach does in /admin. Every procedure here must be an adminProcedure. */
export const adminRouter = createTRPCRouter({
  attempts: adminAttemptsRouter,
  blog: adminBlogRouter,
  newsletter: adminNewsletterRouter,
  users: adminUsersRouter,
  analytics: adminAnalyticsRouter,
  messages: adminMessagesRouter,
  audit: adminAuditRouter,
});
