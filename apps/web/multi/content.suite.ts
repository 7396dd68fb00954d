/** Content changed on one server, through tRPC (the console) or REST (the Admin API): the other server shows it at once. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { URLS, within } from "./cluster";
import { LIST, NOT_FOUND, page, PROPAGATION_MS, type Rig } from "./shared";

export function contentSuite(rig: Rig) {
  describe("content changed on one server", () => {
    it("appears on the other server's list, post page and sitemap at once; an edit and an unpublish likewise", async () => {
      const suffix = randomBytes(3).toString("hex");
      const title = `Shared cache ${suffix}`;
      const post = await rig.admin.mutate<{ id: number; slug: string }>("admin.blog.create", {
        title,
        slug: `shared-cache-${suffix}`,
        summary: "A post written through server A and read through server B.",
        content: "Both servers read the same pages from Redis, so B shows this at once.",
        tags: [],
      });
      // B has the pages cached before the change (what makes a stale copy possible at all).
      expect((await page(URLS.b, LIST)).text).not.toContain(title);
      expect((await page(URLS.b, "/sitemap.xml")).text).not.toContain(post.slug);
      expect((await page(URLS.b, `${LIST}/${post.slug}`)).text, "a draft's page").toContain(NOT_FOUND);

      await rig.admin.mutate("admin.blog.publish", { id: post.id, mode: "now" });
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, LIST)).text.includes(title))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, `${LIST}/${post.slug}`)).text.includes(title))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, "/sitemap.xml")).text.includes(`${LIST}/${post.slug}`))).toBe(
        true,
      );
      // B's API answers from its in-process read cache: the change reaches it over the Redis bus.
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, "/api/blog")).text.includes(title)), "B's GET /api/blog").toBe(
        true,
      );

      const edited = `Edited on A ${suffix}`;
      await rig.admin.mutate("admin.blog.update", {
        id: post.id,
        title: edited,
        slug: post.slug,
        summary: "A post written through server A and read through server B.",
        content: "Both servers read the same pages from Redis, so B shows this at once.",
        tags: [],
      });
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, LIST)).text.includes(edited))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, `${LIST}/${post.slug}`)).text.includes(edited))).toBe(true);

      await rig.admin.mutate("admin.blog.publish", { id: post.id, mode: "draft" });
      expect(await within(PROPAGATION_MS, async () => !(await page(URLS.b, LIST)).text.includes(edited))).toBe(true);
      expect(
        await within(PROPAGATION_MS, async () => (await page(URLS.b, `${LIST}/${post.slug}`)).text.includes(NOT_FOUND)),
        "unpublished post page",
      ).toBe(true);
      expect(await within(PROPAGATION_MS, async () => !(await page(URLS.b, "/sitemap.xml")).text.includes(`${LIST}/${post.slug}`))).toBe(
        true,
      );
    });

    it("serves an image uploaded through A from B, byte for byte", async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);
      const { url } = await rig.admin.mutate<{ url: string }>("admin.blog.uploadImage", {
        fileName: "shared.png",
        dataBase64: png.toString("base64"),
      });
      const response = await fetch(URLS.b + url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    });
  });

  describe("content changed over REST on one server (the coach's Admin API)", () => {
    it("a post created and published by POST /api/admin/blog on A is on B's list, post page and sitemap; PATCH and DELETE likewise", async () => {
      const suffix = randomBytes(3).toString("hex");
      const slug = `rest-publish-${suffix}`;
      const title = `Published over REST ${suffix}`;
      // B has the pages cached before the change.
      expect((await page(URLS.b, LIST)).text).not.toContain(title);
      expect((await page(URLS.b, `${LIST}/${slug}`)).text).toContain(NOT_FOUND);

      const created = await rig.admin.json<{ id: number; slug: string }>("/api/admin/blog", {
        method: "POST",
        json: {
          title,
          slug,
          summary: "A deploy script publishes through server A; visitors of B see it.",
          content: "Created and published in one REST call, as with Ghost's Admin API.",
          tags: ["leadership"],
          publish: { mode: "now" },
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.slug).toBe(slug);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, LIST)).text.includes(title))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, `${LIST}/${slug}`)).text.includes(title))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, "/sitemap.xml")).text.includes(`${LIST}/${slug}`))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, "/api/blog")).text.includes(title)), "B's GET /api/blog").toBe(
        true,
      );

      const edited = `Edited over REST ${suffix}`;
      expect((await rig.admin.json(`/api/admin/blog/${created.body.id}`, { method: "PATCH", json: { title: edited } })).status).toBe(200);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, `${LIST}/${slug}`)).text.includes(edited))).toBe(true);

      expect((await rig.admin.json(`/api/admin/blog/${created.body.id}`, { method: "DELETE" })).status).toBe(200);
      expect(await within(PROPAGATION_MS, async () => (await page(URLS.b, `${LIST}/${slug}`)).text.includes(NOT_FOUND))).toBe(true);
      expect(await within(PROPAGATION_MS, async () => !(await page(URLS.b, LIST)).text.includes(edited))).toBe(true);
    });

    it("an image uploaded by POST /api/admin/uploads (multipart) on A is served by B, byte for byte", async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
      const form = new FormData();
      form.set("file", new Blob([png]), "cover.png");
      const response = await fetch(`${URLS.a}/api/admin/uploads`, {
        method: "POST",
        headers: { cookie: rig.admin.cookieHeader(), origin: URLS.balancer },
        body: form,
      });
      expect(response.status).toBe(201);
      const { url } = (await response.json()) as { url: string };
      const served = await fetch(URLS.b + url);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    });
  });
}
