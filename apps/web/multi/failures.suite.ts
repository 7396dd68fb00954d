/** Failures under load: a server stopped and started again, Redis stopped and back. Runs last: it stops parts of the rig. */
import { randomBytes } from "node:crypto";
import { sql } from "@coach/db";
import { describe, expect, it } from "vitest";
import { PORTS, URLS, Visitor, within } from "./cluster";
import { LIST, openDb, page, PROPAGATION_MS, type Rig } from "./shared";

/** nginx's fail_timeout (5 s) after which it tries a set-aside server again, with room for a loaded machine. */
const REJOIN_MS = 15_000;

/** The app that answered through the balancer (nginx's X-Upstream: the last address it tried). */
function upstreamOf(response: Response): string | undefined {
  return response.headers.get("x-upstream")?.split(",").pop()?.trim();
}

/** Requests in a loop until `stop()`; records every status (0: the connection failed) and who answered. */
function load(url: string, paths: string[], concurrency = 3) {
  let running = true;
  const statuses: { path: string; status: number; upstream?: string; at: number }[] = [];
  const workers = Array.from({ length: concurrency }, async (_, w) => {
    for (let i = w; running; i++) {
      const pathname = paths[i % paths.length]!;
      try {
        const response = await fetch(url + pathname, { signal: AbortSignal.timeout(20_000) });
        await response.arrayBuffer();
        statuses.push({ path: pathname, status: response.status, upstream: upstreamOf(response), at: Date.now() });
      } catch {
        statuses.push({ path: pathname, status: 0, at: Date.now() });
      }
    }
  });
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(workers);
      return statuses;
    },
  };
}

export function failuresSuite(rig: Rig) {
  describe("failures", () => {
    it("stopping A under load: B keeps answering, nothing is lost, A rejoins by itself", async () => {
      const onB = load(URLS.b, ["/", "/api/health", LIST]);
      const throughBalancer = load(URLS.balancer, ["/", "/about", "/api/blog"]);
      // Writes through the balancer while A goes away: every one must be kept.
      const emails: string[] = [];
      const subscribeStatuses: number[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const email = `sub_${randomBytes(4).toString("hex")}@example.com`;
          emails.push(email);
          const answer = await new Visitor(URLS.balancer).json("/api/newsletter/subscribe", { method: "POST", json: { email } });
          subscribeStatuses.push(answer.status);
          // Under the per-address limit (10 an hour, times RATE_LIMIT_MULTIPLIER 5) for the whole run.
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const atA = `127.0.0.1:${PORTS.a}`;
      // Both in the rotation before A goes (asserted at the end, once the load has stopped).
      const aServedBefore = await within(10_000, async () => throughBalancer.statuses.some((s) => s.upstream === atA));
      await rig.cluster.a.stop();
      const stoppedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // From here on, only the new A can answer as A.
      const restartedAt = Date.now();
      await rig.cluster.a.start();
      // nginx takes A back by itself: it set A aside for fail_timeout (5 s, deploy/nginx.conf), then
      // tries it again with the load that is still running. No manual step, within a bound.
      const rejoined = await within(REJOIN_MS, async () =>
        throughBalancer.statuses.some((s) => s.at > restartedAt && s.upstream === atA && s.status === 200),
      );
      writing = false;
      await writer;
      const bStatuses = await onB.stop();
      const balancerStatuses = await throughBalancer.stop();

      expect(bStatuses.filter((s) => s.status !== 200)).toEqual([]);
      expect(balancerStatuses.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
      expect(subscribeStatuses.filter((status) => status !== 200)).toEqual([]);
      const handle = await openDb(rig);
      try {
        const rows = await handle.db.execute(sql`select email from email_subscribers`);
        const stored = new Set((rows as unknown as { email: string }[]).map((row) => row.email));
        expect(emails.filter((email) => !stored.has(email))).toEqual([]);
      } finally {
        await handle.close();
      }
      expect((await fetch(`${URLS.a}/api/health`)).status).toBe(200);
      expect(aServedBefore, "A answered balanced traffic before it stopped").toBe(true);
      // While A was down, the balancer's answers came from B.
      const whileDown = balancerStatuses.filter((s) => s.at > stoppedAt + 500 && s.at < restartedAt);
      expect(whileDown.length).toBeGreaterThan(0);
      expect(whileDown.filter((s) => s.upstream?.endsWith(`:${PORTS.a}`))).toEqual([]);
      expect(rejoined, `nginx sent traffic to A again within ${REJOIN_MS / 1000} s of its restart`).toBe(true);
    });

    it("stopping Redis under load: no 5xx, and the shared cache works again when Redis returns", async () => {
      const traffic = load(URLS.balancer, ["/", LIST, "/about", "/sitemap.xml"]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await rig.cluster.redis.stop();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await rig.cluster.redis.start();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const statuses = await traffic.stop();
      expect(statuses.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);

      // Shared again: a change through A reaches B's cached list.
      const suffix = randomBytes(3).toString("hex");
      const title = `After the outage ${suffix}`;
      await page(URLS.b, LIST);
      const post = await rig.admin.mutate<{ id: number }>("admin.blog.create", {
        title,
        summary: "Published once Redis is back, read through the other server.",
        content: "The shared cache and its tag expiries work again after Redis returns.",
        tags: [],
      });
      await rig.admin.mutate("admin.blog.publish", { id: post.id, mode: "now" });
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, LIST)).text.includes(title))).toBe(true);
    });
  });
}
