import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import type { BlogPostInput } from "@coach/validators/blog";
import { handleRestRequest } from "../http/rest";
import { callerAs, callerFor, createUser } from "../testing";
import { contentChanged } from "../shared/content-events";

let handle: DbHandle;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "coach-blog-test-"));
  handle = await createTestDb();
  adminCookie = (await createUser(handle.db, { role: "admin" })).cookie;
  userCookie = (await createUser(handle.db)).cookie;
});
afterAll(async () => handle?.close());

const rest = (p: string, init?: RequestInit) => handleRestRequest(new Request(`http://localhost:3000/api${p}`, init), { db: handle.db });
const admin = () => callerAs(handle.db, adminCookie);

const draft = (overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title: "Leading Through Ambiguity",
  summary: "How senior leaders keep teams moving when the map runs out.",
  content: "<h2>Start with what you know</h2><p>Clarity is a practice.</p>",
  tags: ["leadership", "personal_growth"],
  ...overrides,
});

describe("public blog", () => {
  it("serves the spec's REST shapes and hides drafts and scheduled posts", async () => {
    const a = await admin();
    const published = await a.admin.blog.create(
      draft({ title: "Published One", imageUrl: "/uploads/0123456789abcdef0123456789abcdef.png" }),
    );
    await a.admin.blog.publish({ id: published.id, mode: "now" });
    const hidden = await a.admin.blog.create(draft({ title: "Still a Draft" }));
    const scheduled = await a.admin.blog.create(draft({ title: "Scheduled Later" }));
    await a.admin.blog.publish({ id: scheduled.id, mode: "schedule", at: new Date(Date.now() + 86_400_000) });

    const list = await rest("/blog");
    expect(list.status).toBe(200);
    const posts = (await list.json()) as Array<Record<string, unknown>>;
    expect(posts.map((p) => p.title)).toEqual(["Published One"]);
    expect(Object.keys(posts[0]!).sort()).toEqual([
      "featuredImage",
      "id",
      "lastModified",
      "publishedAt",
      "slug",
      "summary",
      "tags",
      "title",
    ]);
    expect(posts[0]).toMatchObject({
      id: published.id,
      slug: "published-one",
      featuredImage: "/uploads/0123456789abcdef0123456789abcdef.png",
      summary: "How senior leaders keep teams moving when the map runs out.",
      tags: [
        { id: expect.any(Number), tag: "leadership" },
        { id: expect.any(Number), tag: "personal_growth" },
      ],
    });
    expect(new Date(posts[0]!.publishedAt as string).toISOString()).toBe(posts[0]!.publishedAt);

    const latest = await rest("/blog/latest");
    expect(latest.status).toBe(200);
    expect((await latest.json()) as { slug: string }).toMatchObject({ slug: "published-one", title: "Published One" });

    const one = await rest("/blog/slug/published-one");
    expect(one.status).toBe(200);
    expect((await one.json()) as Record<string, unknown>).toMatchObject({
      title: "Published One",
      content: "<h2>Start with what you know</h2><p>Clarity is a practice.</p>",
      tags: [{ tag: "leadership" }, { tag: "personal_growth" }],
    });

    for (const slug of [hidden.slug, scheduled.slug, "no-such-post"]) {
      const missing = await rest(`/blog/slug/${slug}`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { message: string }).message).toBe("Article Not Found");
    }
  });

  it("answers latest with null when nothing is published and lists seeded posts newest first", async () => {
    const fresh = await createTestDb();
    try {
      const visitor = await callerFor(fresh.db);
      expect(await visitor.blog.latest()).toBeNull();
      expect(await visitor.blog.list()).toEqual([]);
      await seedContent(fresh.db);
      // The seed writes around the services, so it says what it changed (the reads are cached).
      contentChanged({ kind: "blog" });
      const seeded = await visitor.blog.list();
      expect(seeded.length).toBeGreaterThanOrEqual(6);
      const times = seeded.map((p) => p.publishedAt.getTime());
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect((await visitor.blog.list({ limit: 6 })).length).toBe(6);
      // Over REST the limit is query text: read as a number, and refused with a message when it is none.
      const restList = (query: string) => handleRestRequest(new Request(`http://localhost:3000/api/blog${query}`), { db: fresh.db });
      expect(((await (await restList("?limit=3")).json()) as unknown[]).length).toBe(3);
      for (const bad of ["?limit=", "?limit=abc", "?limit=0", "?limit=true", "?limit=2.5"]) {
        const refused = await restList(bad);
        expect(refused.status, bad).toBe(400);
        expect(((await refused.json()) as { message: string }).message, bad).toBe("limit must be a whole number from 1 to 100");
      }
      expect((await visitor.blog.latest())?.slug).toBe(seeded[0]!.slug);
      for (const post of seeded) expect(post.tags.length).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});

describe("the coach's blog management", () => {
  it("is for admins only", async () => {
    const visitor = await callerFor(handle.db);
    await expect(visitor.admin.blog.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const user = await callerAs(handle.db, userCookie);
    await expect(user.admin.blog.create(draft())).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(user.admin.blog.uploadImage({ dataBase64: "aGVsbG8=" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("generates unique slugs, refuses a taken explicit slug with 409, and lets the coach edit it", async () => {
    const a = await admin();
    const first = await a.admin.blog.create(draft({ title: "Slug Test: Café & Strategy!" }));
    const second = await a.admin.blog.create(draft({ title: "Slug Test: Café & Strategy!" }));
    const third = await a.admin.blog.create(draft({ title: "Slug Test: Café & Strategy!" }));
    expect([first.slug, second.slug, third.slug]).toEqual([
      "slug-test-cafe-and-strategy",
      "slug-test-cafe-and-strategy-2",
      "slug-test-cafe-and-strategy-3",
    ]);

    await expect(a.admin.blog.create(draft({ title: "Another", slug: first.slug }))).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(a.admin.blog.update({ id: second.id, ...draft({ slug: first.slug }) })).rejects.toMatchObject({ code: "CONFLICT" });
    const renamed = await a.admin.blog.update({ id: second.id, ...draft({ title: second.title, slug: "my-own-slug" }) });
    expect(renamed.slug).toBe("my-own-slug");
    // Saving a post with its own slug is not a conflict.
    expect((await a.admin.blog.update({ id: first.id, ...draft({ slug: first.slug }) })).slug).toBe(first.slug);
    await expect(a.admin.blog.create(draft({ slug: "Not A Slug!" }))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("sanitizes bodies on save and tags come only from the spec's list", async () => {
    const a = await admin();
    const post = await a.admin.blog.create(
      draft({
        title: "Sanitized",
        content: `<h2>Hi</h2><script>alert("x")</script><p onclick="alert(1)" style="color:red">ok <a href="javascript:alert(1)">bad</a></p><iframe src="https://e.example"></iframe>`,
      }),
    );
    expect(post.content).toBe("<h2>Hi</h2><p>ok <a>bad</a></p>");
    await expect(a.admin.blog.create(draft({ tags: ["gardening"] as never }))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const preview = await a.admin.blog.preview({ content: "One\nTwo <img src=x onerror=alert(1)>" });
    expect(preview.html).toBe("<p>One<br />Two</p>");
  });

  it("publishes, schedules, unpublishes and deletes, with an audit entry for each", async () => {
    const a = await admin();
    const post = await a.admin.blog.create(draft({ title: "Lifecycle" }));
    expect(post.status).toBe("draft");
    expect((await a.admin.blog.publish({ id: post.id, mode: "now" })).status).toBe("published");
    await expect(a.admin.blog.publish({ id: post.id, mode: "schedule", at: new Date(Date.now() - 60_000) })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    expect((await a.admin.blog.publish({ id: post.id, mode: "schedule", at: new Date(Date.now() + 3_600_000) })).status).toBe("scheduled");
    expect((await a.admin.blog.publish({ id: post.id, mode: "draft" })).status).toBe("draft");
    await a.admin.blog.delete({ id: post.id });
    await expect(a.admin.blog.get({ id: post.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await handle.db.select().from(schema.blogTags).where(eq(schema.blogTags.postId, post.id))).toEqual([]);

    const listed = await a.admin.blog.list();
    expect(listed.find((p) => p.id === post.id)).toBeUndefined();
    expect(listed.some((p) => p.status === "scheduled")).toBe(true);
    expect(listed.find((p) => p.title === "Published One")).toMatchObject({ status: "published", tags: ["leadership", "personal_growth"] });

    const actions = (
      await handle.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.targetId, String(post.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["blog.create", "blog.publish", "blog.schedule", "blog.unpublish", "blog.delete"]));
  });

  it("stores uploaded images under a safe name and refuses what is not an image", async () => {
    const a = await admin();
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const { url } = await a.admin.blog.uploadImage({ fileName: "../../etc/passwd.png", dataBase64: png.toString("base64") });
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const stored = readdirSync(path.join(process.env.DATA_DIR!, "uploads"));
    expect(stored).toContain(url.slice("/uploads/".length));
    expect(readFileSync(path.join(process.env.DATA_DIR!, "uploads", stored[0]!)).subarray(0, 8)).toEqual(png.subarray(0, 8));

    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`).toString("base64");
    await expect(a.admin.blog.uploadImage({ dataBase64: svg })).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Upload a PNG, JPEG, WebP or GIF image.",
    });
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
    huge[0] = 0xff;
    huge[1] = 0xd8;
    await expect(a.admin.blog.uploadImage({ dataBase64: huge.toString("base64") })).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "Images must be at most 5 MB",
    });
  });
});
