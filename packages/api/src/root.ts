import { createCallerFactory, createTRPCRouter } from "./trpc";
import { adminRouter } from "./routers/admin";
import { appointmentsRouter } from "./routers/appointments";
import { attemptsRouter } from "./routers/attempts";
import { authRouter } from "./routers/auth";
import { blogRouter } from "./routers/blog";
import { contactRouter } from "./routers/contact";
import { healthRouter } from "./routers/health";
import { newsletterRouter } from "./routers/newsletter";
import { settingsRouter } from "./routers/settings";
import { testsRouter } from "./routers/tests";

/**
 * Order matters for the REST adapter: it matches the first registered path, so routers whose
 * static paths could be shadowed by a {param} path (attempts before tests) come first.
 */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  auth: authRouter,
  attempts: attemptsRouter,
  tests: testsRouter,
  blog: blogRouter,
  newsletter: newsletterRouter,
  appointments: appointmentsRouter,
  settings: settingsRouter,
  admin: adminRouter,
  contact: contactRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
