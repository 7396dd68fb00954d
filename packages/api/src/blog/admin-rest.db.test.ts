/**
 * The coach's content calls over REST (issue 19, as Ghost's Admin API): POST/PATCH/DELETE
 * /api/admin/blog and POST /api/admin/uploads, through the real REST adapter with real sessions.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest, openApiDocument } from "../http/rest";
import { CROSS_SITE_MESSAGE } from "../http/csrf";
import { createUser } from "../testing";
import { onContentChanged, type ContentChange } from "../shared/content-events";
import { imageStorage } from "../shared/storage/index";
import { patchPost } from "./editor";

let handle: DbHandle;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "coach-admin-rest-"));
  handle = await createTestDb();
  adminCookie = (await createUser(handle.db, { role: "admin" })).cookie;
  userCookie = (await createUser(handle.db)).cookie;
});
afterAll(async () => handle?.close());

let events: ContentChange[] = [];
const stopListening = onContentChanged((change) => events.push(change));
afterEach(() => {
  events = [];
});
afterAll(() => stopListening());

const APP = "http://localhost:3000";
type Answer = { status: number; body: Record<string, unknown> };

async function call(method: string, p: string, options: { json?: unknown; cookie?: string; headers?: HeadersInit; body?: BodyInit } = {}) {
  const headers = new Headers(options.headers);
  if (options.cookie !== undefined) headers.set("cookie", options.cookie);
  else headers.set("cookie", adminCookie);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const response = await handleRestRequest(
    new Request(`${APP}/api${p}`, { method, headers, body: options.json !== undefined ? JSON.stringify(options.json) : options.body }),
    { db: handle.db },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> } satisfies Answer;
}

let counter = 0;
function post(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Delegation That Sticks ${counter}`,
    summary: "What a coach asks before a leader hands work over.",
    content: "<p>Delegation is a conversation, not a memo. Start with the outcome.</p>",
    tags: ["leadership"],
    ...overrides,
  };
}
const publicPost = (slug: string) => handleRestRequest(new Request(`${APP}/api/blog/slug/${slug}`), { db: handle.db });
const postCount = async () => (await handle.db.select({ id: schema.blogPosts.id }).from(schema.blogPosts)).length;

describe("POST /api/admin/blog", () => {
  it("creates and publishes in one call, answering 201 with the post's id and slug; the post is public at once", async () => {
    const slug = "delegation-that-sticks";
    // Read first, so a stale cached "not found" would show if the change were not announced.
    expect((await publicPost(slug)).status).toBe(404);
    const created = await call("POST", "/admin/blog", { json: post({ slug, publish: { mode: "now" } }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug, status: "published", tags: ["leadership"] });
    expect(typeof created.body.id).toBe("number");
    expect(events).toEqual([{ kind: "blog", slugs: [slug], origin: "local" }]);
    const page = await publicPost(slug);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { title: string }).title).toBe(created.body.title);
    // The audit trail says what the editor's two steps would have said.
    const actions = (
      await handle.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.targetId, String(created.body.id)))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["blog.create", "blog.publish"]));
  });

  it("leaves a draft without publish, schedules a future time, and generates the slug from the title", async () => {
    const draft = await call("POST", "/admin/blog", { json: post({ title: "Quiet Authority" }) });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ slug: "quiet-authority", status: "draft", publishedAt: null });
    expect((await publicPost("quiet-authority")).status).toBe(404);

    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call("POST", "/admin/blog", { json: post({ publish: { mode: "schedule", at } }) });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({ status: "scheduled", publishedAt: at });
  });

  it("refuses a past schedule (422), a wrong mode (400) and a taken slug (409) with a message, writing nothing", async () => {
    const before = await postCount();
    const past = await call("POST", "/admin/blog", {
      json: post({ publish: { mode: "schedule", at: new Date(Date.now() - 60_000).toISOString() } }),
    });
    expect(past).toEqual({ status: 422, body: expect.objectContaining({ message: "Choose a time in the future, or publish now." }) });

    const mode = await call("POST", "/admin/blog", { json: post({ publish: { mode: "tomorrow" } }) });
    expect(mode.status).toBe(400);
    expect(mode.body.message).toBe('Publish mode must be "now", "draft" or "schedule"');

    const noTime = await call("POST", "/admin/blog", { json: post({ publish: { mode: "schedule" } }) });
    expect(noTime.status).toBe(400);
    expect(noTime.body.message).toBe("Choose a valid date and time");

    const short = await call("POST", "/admin/blog", { json: post({ title: "No" }) });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Title must be at least 3 characters");
    expect(await postCount()).toBe(before);

    const taken = await call("POST", "/admin/blog", { json: post({ slug: "delegation-that-sticks" }) });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The slug "delegation-that-sticks" is already used by another post. Choose a different one.');
    expect(await postCount()).toBe(before);
    expect(events).toEqual([]);
  });

  it("is the coach's alone: 401 signed out, 403 for a client, 403 from another site", async () => {
    const before = await postCount();
    expect((await call("POST", "/admin/blog", { json: post(), cookie: "" })).status).toBe(401);
    const client = await call("POST", "/admin/blog", { json: post(), cookie: userCookie });
    expect(client.status).toBe(403);
    expect(client.body.message).toBe("Only the coach's admin accounts can do that.");
    const crossSite = await call("POST", "/admin/blog", { json: post(), headers: { origin: "https://evil.example" } });
    expect(crossSite).toEqual({ status: 403, body: expect.objectContaining({ message: CROSS_SITE_MESSAGE }) });
    const fetchMetadata = await call("POST", "/admin/blog", { json: post(), headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchMetadata.status).toBe(403);
    expect(await postCount()).toBe(before);
  });
});

describe("PATCH and DELETE /api/admin/blog/{id}", () => {
  it("changes only the fields given, and the public post follows at once", async () => {
    const created = await call("POST", "/admin/blog", { json: post({ tags: ["communication", "leadership"], publish: { mode: "now" } }) });
    const { id, slug } = created.body as { id: number; slug: string };
    await publicPost(slug);
    events = [];

    const renamed = await call("PATCH", `/admin/blog/${id}`, { json: { title: "Delegation, Revisited" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id,
      slug,
      title: "Delegation, Revisited",
      summary: created.body.summary,
      content: created.body.content,
      tags: ["communication", "leadership"],
      status: "published",
    });
    expect(events).toEqual([{ kind: "blog", slugs: [slug], origin: "local" }]);
    expect(((await (await publicPost(slug)).json()) as { title: string }).title).toBe("Delegation, Revisited");

    events = [];
    const moved = await call("PATCH", `/admin/blog/${id}`, { json: { slug: "delegation-revisited", tags: [], imageUrl: "" } });
    expect(moved.body).toMatchObject({ slug: "delegation-revisited", tags: [], imageUrl: null });
    expect(events).toEqual([{ kind: "blog", slugs: [slug, "delegation-revisited"], origin: "local" }]);
    expect((await publicPost(slug)).status).toBe(404);
    expect((await publicPost("delegation-revisited")).status).toBe(200);

    const unpublished = await call("PATCH", `/admin/blog/${id}`, { json: { publish: { mode: "draft" } } });
    expect(unpublished.body).toMatchObject({ status: "draft", title: "Delegation, Revisited" });
    expect((await publicPost("delegation-revisited")).status).toBe(404);
  });

  it("keeps a schedule that was in the future when sent, even if saving the fields takes past it (no 422 after a save)", async () => {
    const { id } = (await call("POST", "/admin/blog", { json: post() })).body as { id: number };
    const [coach] = await handle.db.select().from(schema.users).where(eq(schema.users.role, "admin"));
    const at = new Date(Date.now() + 60_000);
    // The clock passes the scheduled minute right after the first check, as a slow save would.
    const realNow = Date.now.bind(Date);
    let reads = 0;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => (reads++ === 0 ? realNow() : realNow() + 120_000));
    try {
      const saved = await patchPost(handle.db, coach!, id, { title: "Scheduled While Saving", publish: { mode: "schedule", at } });
      expect(saved).toMatchObject({ title: "Scheduled While Saving", publishedAt: at });
    } finally {
      clock.mockRestore();
    }
  });

  it("refuses bad changes with a message and changes nothing", async () => {
    const { id } = (await call("POST", "/admin/blog", { json: post() })).body as { id: number };
    const past = await call("PATCH", `/admin/blog/${id}`, {
      json: { title: "Should Not Stick", publish: { mode: "schedule", at: "2020-01-01T00:00:00Z" } },
    });
    expect(past).toEqual({ status: 422, body: expect.objectContaining({ message: "Choose a time in the future, or publish now." }) });
    const taken = await call("PATCH", `/admin/blog/${id}`, { json: { slug: "quiet-authority" } });
    expect(taken.status).toBe(409);
    const typo = await call("PATCH", `/admin/blog/${id}`, { json: { titel: "Typo" } });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toMatch(/titel/);
    const mode = await call("PATCH", `/admin/blog/${id}`, { json: { publish: { mode: "later" } } });
    expect(mode.status).toBe(400);
    const [row] = await handle.db.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, id));
    expect(row).toMatchObject({ title: expect.stringMatching(/^Delegation That Sticks/), publishedAt: null });

    expect((await call("PATCH", "/admin/blog/999999", { json: { title: "Nobody Home" } })).body).toMatchObject({
      message: "That post no longer exists.",
    });
    expect((await call("PATCH", "/admin/blog/999999", { json: { title: "Nobody Home" } })).status).toBe(404);
    expect((await call("PATCH", `/admin/blog/${id}`, { json: { title: "Client" }, cookie: userCookie })).status).toBe(403);
    expect((await call("PATCH", `/admin/blog/${id}`, { json: { title: "Anon" }, cookie: "" })).status).toBe(401);
    expect(
      (await call("PATCH", `/admin/blog/${id}`, { json: { title: "Elsewhere" }, headers: { origin: "https://evil.example" } })).status,
    ).toBe(403);
  });

  it("deletes a post: gone from the public site, a second delete is 404", async () => {
    const { id, slug } = (await call("POST", "/admin/blog", { json: post({ publish: { mode: "now" } }) })).body as {
      id: number;
      slug: string;
    };
    expect((await publicPost(slug)).status).toBe(200);
    events = [];
    expect((await call("DELETE", `/admin/blog/${id}`, { cookie: userCookie })).status).toBe(403);
    expect((await call("DELETE", `/admin/blog/${id}`, { cookie: "" })).status).toBe(401);
    expect((await call("DELETE", `/admin/blog/${id}`, { headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await publicPost(slug)).status).toBe(200);
    expect(await call("DELETE", `/admin/blog/${id}`)).toEqual({ status: 200, body: { success: true } });
    expect(events).toEqual([{ kind: "blog", slugs: [slug], origin: "local" }]);
    expect((await publicPost(slug)).status).toBe(404);
    expect((await call("DELETE", `/admin/blog/${id}`)).status).toBe(404);
  });
});

describe("POST /api/admin/uploads", () => {
  const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(4096, 7)]);
  const form = (bytes: Uint8Array, name = "photo.png", field = "file") => {
    const data = new FormData();
    data.set(field, new Blob([new Uint8Array(bytes)]), name);
    return data;
  };
  const upload = (body: BodyInit, options: { cookie?: string; headers?: HeadersInit } = {}) =>
    call("POST", "/admin/uploads", { body, ...options });

  it("stores a multipart image and answers 201 with its url; the stored bytes are the same", async () => {
    const answer = await upload(form(png));
    expect(answer.status).toBe(201);
    const url = answer.body.url as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const stored = await imageStorage().get(url.slice("/uploads/".length));
    expect(stored?.contentType).toBe("image/png");
    expect(Buffer.from(stored!.bytes).equals(png)).toBe(true);
  });

  it("refuses what is not an image (415), what is too large (413), a JSON body (415) and a form without the file (400)", async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`);
    expect(await upload(form(svg, "evil.png"))).toEqual({
      status: 415,
      body: expect.objectContaining({ message: "Upload a PNG, JPEG, WebP or GIF image." }),
    });
    const huge = Buffer.concat([Buffer.from("ffd8ff", "hex"), Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect(await upload(form(huge, "huge.jpg"))).toEqual({
      status: 413,
      body: expect.objectContaining({ message: "Images must be at most 5 MB" }),
    });
    const json = await call("POST", "/admin/uploads", { json: { dataBase64: png.toString("base64") } });
    expect(json).toEqual({
      status: 415,
      body: expect.objectContaining({ message: 'Send the image as multipart/form-data, in the field "file".' }),
    });
    expect(await upload(form(png, "photo.png", "image"))).toEqual({
      status: 400,
      body: expect.objectContaining({ message: "Choose an image to upload" }),
    });
  });

  it("is the coach's alone: 401 signed out, 403 for a client, 403 from another site", async () => {
    expect((await upload(form(png), { cookie: "" })).status).toBe(401);
    expect((await upload(form(png), { cookie: userCookie })).status).toBe(403);
    const crossSite = await upload(form(png), { headers: { origin: "https://evil.example" } });
    expect(crossSite).toEqual({ status: 403, body: expect.objectContaining({ message: CROSS_SITE_MESSAGE }) });
  });

  it("refuses a visitor (401) and a client (403) before reading the body, over REST and tRPC", async () => {
    const { handleTrpcRequest } = await import("../http/trpc-handler");
    // A 6 MB body that counts how much of it the server pulls.
    const counted = () => {
      const state = { pulled: 0 };
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (state.pulled >= 6 * 1024 * 1024) return controller.close();
          state.pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      return { state, body };
    };
    const endpoints = [
      { url: `${APP}/api/admin/uploads`, type: "multipart/form-data; boundary=x", handle: handleRestRequest },
      { url: `${APP}/api/trpc/admin.blog.uploadImage?batch=1`, type: "application/json", handle: handleTrpcRequest },
    ];
    for (const [cookie, status] of [
      ["", 401],
      [userCookie, 403],
    ] as const) {
      for (const endpoint of endpoints) {
        const upload = counted();
        const init = { method: "POST", headers: { cookie, "content-type": endpoint.type }, body: upload.body, duplex: "half" };
        const response = await endpoint.handle(new Request(endpoint.url, init as RequestInit), { db: handle.db });
        expect(response.status, endpoint.url).toBe(status);
        expect(upload.state.pulled, endpoint.url).toBeLessThan(256 * 1024);
      }
    }
  });

  it("the tRPC editor's upload, up to 5 MB, still goes through the tRPC endpoint's body cap", async () => {
    // 2 MB of image is 2.7 MB of base64: more than other tRPC calls may send.
    const big = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(2 * 1024 * 1024, 3)]);
    const { handleTrpcRequest } = await import("../http/trpc-handler");
    const response = await handleTrpcRequest(
      new Request(`${APP}/api/trpc/admin.blog.uploadImage?batch=1`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ 0: { json: { fileName: "big.png", dataBase64: big.toString("base64") } } }),
      }),
      { db: handle.db },
    );
    expect(response.status).toBe(200);
    // Any other procedure keeps the 1 MB cap.
    const other = await handleTrpcRequest(
      new Request(`${APP}/api/trpc/admin.blog.preview?batch=1`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: JSON.stringify({ 0: { json: { content: "x".repeat(2 * 1024 * 1024) } } }),
      }),
      { db: handle.db },
    );
    expect(other.status).toBe(413);
  });
});

describe("the OpenAPI document", () => {
  it("lists the content calls, the 201 answers and the upload's multipart form", () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths["/admin/blog"]!)).toContain("post");
    expect(Object.keys(doc.paths["/admin/blog/{id}"]!)).toEqual(expect.arrayContaining(["patch", "delete"]));
    expect(Object.keys(doc.paths["/admin/blog"]!.post!.responses)).toContain("201");
    const uploadBody = doc.paths["/admin/uploads"]!.post!.requestBody!.content;
    expect(uploadBody).toEqual({
      "multipart/form-data": {
        schema: expect.objectContaining({ properties: { file: expect.objectContaining({ type: "string", format: "binary" }) } }),
      },
    });
  });
});
