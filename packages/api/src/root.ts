import { analyticsAdminRouter } from "./analytics/admin-router";
import { appointmentsAdminRouter } from "./appointments/admin-router";
import { googleRouter } from "./appointments/google-router";
import { appointmentsRouter } from "./appointments/router";
import { settingsRouter } from "./appointments/settings-router";
import { assessmentsAdminRouter, testsAdminRouter } from "./assessments/admin-router";
import { attemptsRouter } from "./assessments/attempts-router";
import { testsRouter } from "./assessments/tests-router";
import { auditAdminRouter } from "./audit/router";
import { authRouter } from "./auth/router";
import { accountRouter } from "./account/router";
import { clientsAdminRouter } from "./coaching/admin-router";
import { coachingRouter } from "./coaching/router";
import { blogAdminRouter } from "./blog/admin-router";
import { blogRouter } from "./blog/router";
import { contactAdminRouter } from "./contact/admin-router";
import { contactRouter } from "./contact/router";
import { healthRouter } from "./health/router";
import { newsletterAdminRouter } from "./newsletter/admin-router";
import { newsletterRouter } from "./newsletter/router";
import { offersAdminRouter } from "./payments/admin-router";
import { offersRouter } from "./payments/router";
import { paymentsRouter } from "./payments/client-router";
import { creditsAdminRouter } from "./payments/credits-router";
import { billingAdminRouter, invoicesAdminRouter, paymentsAdminRouter, retreatAdminRouter, retreatRouter } from "./payments/billing-router";
import { createCallerFactory, createTRPCRouter } from "./trpc/init";
import { usersAdminRouter } from "./users/admin-router";

/** Everything the coach does in /admin. Every procedure here must be an adminProcedure. */
const adminRouter = createTRPCRouter({
  attempts: assessmentsAdminRouter,
  tests: testsAdminRouter,
  blog: blogAdminRouter,
  newsletter: newsletterAdminRouter,
  users: usersAdminRouter,
  analytics: analyticsAdminRouter,
  messages: contactAdminRouter,
  audit: auditAdminRouter,
  appointments: appointmentsAdminRouter,
  clients: clientsAdminRouter,
  offers: offersAdminRouter,
  credits: creditsAdminRouter,
  billing: billingAdminRouter,
  invoices: invoicesAdminRouter,
  retreat: retreatAdminRouter,
  payments: paymentsAdminRouter,
});

/**
 * The procedure paths (e.g. `admin.blog.list`) are the web app's contract; each domain folder
 * supplies its routers and this file only names them.
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
  google: googleRouter,
  admin: adminRouter,
  contact: contactRouter,
  coaching: coachingRouter,
  account: accountRouter,
  offers: offersRouter,
  payments: paymentsRouter,
  retreat: retreatRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
