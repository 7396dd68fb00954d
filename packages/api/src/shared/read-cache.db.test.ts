/**
 * The in-process read caches behind /api/tests and /api/blog*: answers come from memory, every
 * change made through the services shows at once, and a scheduled post appears at its time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { handleTrpcRequest } from "../http/trpc-handler";
import { callerAs, createUser, withQueryLog } from "../testing";
import type { Database } from "@coach/db";

let handle: DbHandle;
let db: Database;
let queries: string[];
let adminCookie: string;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  ({ db, queries } = withQueryLog(handle));
  adminCookie = (await createUser(db, { role: "admin" })).cookie;
});
afterAll(async () => handle?.close());
afterEach(() => void vi.useRealTimers());

const rest = async (path: string, headers: HeadersInit = {}) =>
  handleRestRequest(new Request(`http://localhost:3000/api${path}`, { headers }), { db });
const restJson = async <T>(path: string) => (await (await rest(path)).json()) as T;
/** The statements a call sent to the database. */
async function queriesOf(call: () => Promise<unknown>): Promise<string[]> {
  const before = queries.length;
  await call();
  return queries.slice(before);
}

type Listed = { slug: string; title: string };
const draft = (title: string) => ({
  title,
  summary: "A summary.",
  content: "<p>A body long enough to publish.</p>",
  tags: ["leadership" as const],
});

describe("anonymous catalogue and blog reads", () => {
  it("never look up a session, and answer repeated reads without the database", async () => {
    const first = await queriesOf(() => rest("/tests"));
    expect(first.length).toBeGreaterThan(0);
    expect(first.join("\n")).not.toMatch(/"users"|"sessions"/);
    expect(await queriesOf(() => rest("/tests"))).toEqual([]);
    expect(await queriesOf(() => handleTrpcRequest(new Request("http://localhost:3000/api/trpc/tests.list"), { db }))).toEqual([]);
    const tests = await restJson<Array<{ title: string }>>("/tests");
    expect(tests.length).toBeGreaterThanOrEqual(4);

    await rest("/blog");
    await rest("/blog/latest");
    expect(await queriesOf(() => rest("/blog"))).toEqual([]);
    expect(await queriesOf(() => rest("/blog/latest"))).toEqual([]);
  });
});

describe("coach's changes", () => {
  it("show in the cached list, latest post and post page at once", async () => {
    const admin = await callerAs(db, adminCookie);
    const post = await admin.admin.blog.create(draft("Cache Fresh Original"));
    expect((await restJson<Listed[]>("/blog")).map((p) => p.slug)).not.toContain(post.slug);
    expect((await rest(`/blog/slug/${post.slug}`)).status).toBe(404);

    await admin.admin.blog.publish({ id: post.id, mode: "now" });
    expect((await restJson<Listed[]>("/blog")).map((p) => p.slug)).toContain(post.slug);
    expect((await restJson<Listed>("/blog/latest")).slug).toBe(post.slug);
    expect((await restJson<Listed>(`/blog/slug/${post.slug}`)).title).toBe("Cache Fresh Original");

    const renamed = await admin.admin.blog.update({ id: post.id, ...draft("Cache Fresh Renamed"), slug: "cache-fresh-renamed" });
    expect((await restJson<Listed[]>("/blog")).find((p) => p.slug === renamed.slug)?.title).toBe("Cache Fresh Renamed");
    expect((await restJson<Listed>("/blog/latest")).title).toBe("Cache Fresh Renamed");
    expect((await rest(`/blog/slug/${post.slug}`)).status).toBe(404);
    expect((await restJson<Listed>("/blog/slug/cache-fresh-renamed")).title).toBe("Cache Fresh Renamed");

    await admin.admin.blog.publish({ id: post.id, mode: "draft" });
    expect((await restJson<Listed[]>("/blog")).map((p) => p.slug)).not.toContain(renamed.slug);
    expect((await rest("/blog/slug/cache-fresh-renamed")).status).toBe(404);

    await admin.admin.blog.publish({ id: post.id, mode: "now" });
    expect((await restJson<Listed[]>("/blog")).map((p) => p.slug)).toContain(renamed.slug);
    await admin.admin.blog.delete({ id: post.id });
    expect((await restJson<Listed[]>("/blog")).map((p) => p.slug)).not.toContain(renamed.slug);
    expect((await rest("/blog/slug/cache-fresh-renamed")).status).toBe(404);
  });

  it("a scheduled post appears at its time and not a moment before", async () => {
    const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const admin = await callerAs(db, adminCookie);
    const post = await admin.admin.blog.create(draft("Cache Scheduled Post"));
    const at = new Date(start.getTime() + 5 * 60_000);
    await admin.admin.blog.publish({ id: post.id, mode: "schedule", at });

    const slugs = async () => (await restJson<Listed[]>("/blog")).map((p) => p.slug);
    expect(await slugs()).not.toContain(post.slug);
    expect((await rest(`/blog/slug/${post.slug}`)).status).toBe(404);

    vi.setSystemTime(at.getTime() - 1);
    expect(await slugs()).not.toContain(post.slug);
    expect((await rest(`/blog/slug/${post.slug}`)).status).toBe(404);
    expect((await restJson<Listed | null>("/blog/latest"))?.slug).not.toBe(post.slug);

    vi.setSystemTime(at);
    expect(await slugs()).toContain(post.slug);
    expect((await restJson<Listed>(`/blog/slug/${post.slug}`)).title).toBe("Cache Scheduled Post");
    expect((await restJson<Listed>("/blog/latest")).slug).toBe(post.slug);
  });
});
