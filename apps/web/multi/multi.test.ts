/**
 * Two production servers sharing PostgreSQL, Redis, an S3 server and the Stripe fake, behind nginx:
 * what one server does, the other sees. Needs a build (`NEXT_DIST_DIR`), PostgreSQL
 * (TEST_DATABASE_URL), redis-server and nginx on the machine (scripts/test-multi.mjs installs them).
 *
 * The suite's one test file: vitest gives every file its own process, so each file would start its
 * own cluster (two server starts and migrations, the slowest part of the run). The suites live in
 * *.suite.ts by subject and run here, in this order, on one cluster.
 */
import { afterAll, beforeAll } from "vitest";
import { ADMIN, startCluster, URLS, Visitor } from "./cluster";
import { contentSuite } from "./content.suite";
import { failuresSuite } from "./failures.suite";
import { nginxSuite } from "./nginx.suite";
import { paymentsSuite } from "./payments.suite";
import { seedReminders, sharedStateSuite } from "./shared-state.suite";
import type { Rig } from "./shared";

/** Filled in once the cluster is up; the suites read it inside their tests. */
const rig = {} as Rig;

beforeAll(async () => {
  rig.cluster = await startCluster({ beforeServers: seedReminders });
  rig.admin = new Visitor(URLS.a);
  await rig.admin.signIn(ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await rig.cluster?.stop();
});

contentSuite(rig);
nginxSuite(rig);
sharedStateSuite(rig);
paymentsSuite(rig);
// Last: it stops server A and Redis (and starts them again).
failuresSuite(rig);
