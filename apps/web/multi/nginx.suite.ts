/** nginx in the path with deploy/nginx.conf: its one-second copies, what it never keeps, revalidation, compression. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { URLS, Visitor, within } from "./cluster";
import { LIST, page, PROPAGATION_MS, type Rig } from "./shared";

export function nginxSuite(rig: Rig) {
  describe("nginx's cache in the path (deploy/nginx.conf)", () => {
    /** GET through nginx; `X-Cache` (tests only, nginx-local.mjs) says whether the answer came from its cache. */
    async function viaBalancer(pathname: string, headers: Record<string, string> = {}) {
      const response = await fetch(URLS.balancer + pathname, { headers, signal: AbortSignal.timeout(20_000) });
      return { status: response.status, headers: response.headers, text: await response.text() };
    }

    it("keeps anonymous public pages and reads briefly, and a publish on A shows through nginx and on both servers within 2 s", async () => {
      // Warm: a second request within the copy's second is answered by nginx.
      for (const pathname of [LIST, "/api/blog"]) {
        expect(
          await within(5_000, async () => (await viaBalancer(pathname)).headers.get("x-cache") === "HIT"),
          `${pathname} is kept by nginx`,
        ).toBe(true);
      }
      const suffix = randomBytes(3).toString("hex");
      const title = `Through nginx ${suffix}`;
      const post = await rig.admin.mutate<{ id: number; slug: string }>("admin.blog.create", {
        title,
        slug: `through-nginx-${suffix}`,
        summary: "A post published on A and read through nginx and from both servers.",
        content: "nginx keeps a page for one second; the servers share their pages in Redis.",
        tags: [],
      });
      await rig.admin.mutate("admin.blog.publish", { id: post.id, mode: "now" });
      const shows = (url: string, pathname: string) => async () => (await page(url, pathname)).text.includes(title);
      expect(await within(PROPAGATION_MS, shows(URLS.balancer, LIST)), "the list through nginx").toBe(true);
      expect(await within(PROPAGATION_MS, shows(URLS.balancer, "/api/blog")), "GET /api/blog through nginx").toBe(true);
      expect(await within(PROPAGATION_MS, shows(URLS.balancer, `${LIST}/${post.slug}`)), "the post through nginx").toBe(true);
      expect(await within(PROPAGATION_MS, shows(URLS.a, LIST)), "A's list").toBe(true);
      expect(await within(PROPAGATION_MS, shows(URLS.b, LIST)), "B's list").toBe(true);
    });

    it("never answers a signed-in visitor from the cache, and never keeps a signed-in answer or one that sets a cookie", async () => {
      const member = new Visitor(URLS.balancer);
      const account = await member.register();
      for (const pathname of [LIST, "/api/blog", "/api/tests", "/about"]) {
        await viaBalancer(pathname);
        for (let i = 0; i < 3; i++) {
          const response = await member.request(pathname);
          await response.text();
          expect(response.headers.get("x-cache"), `${pathname} signed in`).not.toBe("HIT");
        }
      }
      // A signed-in page through nginx shows its visitor, and an anonymous request never gets it.
      for (let i = 0; i < 3; i++) {
        const me = await member.json("/api/auth/me");
        expect(me.body.user?.username).toBe(account.username);
        const anonymous = await viaBalancer("/api/auth/me");
        expect(anonymous.text).not.toContain(account.username);
        expect(anonymous.headers.get("x-cache")).not.toBe("HIT");
      }
      // next-auth's CSRF answer sets a cookie: never kept.
      for (let i = 0; i < 3; i++) expect((await viaBalancer("/api/nextauth/csrf")).headers.get("x-cache")).not.toBe("HIT");
    });

    it("answers a revalidation with 304 from the ETag stored with the page, the same tag on both servers", async () => {
      // The ETag is made once when the page is stored (decision 26), so A, B and nginx's copy agree on it.
      const tagOf = async (url: string) => (await fetch(`${url}/about`)).headers.get("etag");
      const fromA = await tagOf(URLS.a);
      expect(fromA).toBeTruthy();
      expect(await tagOf(URLS.b)).toBe(fromA);
      const strip = (tag: string) => tag.replace(/^W\//, "");
      for (let i = 0; i < 3; i++) {
        const first = await fetch(`${URLS.balancer}/about`, { headers: { "accept-encoding": "gzip" } });
        await first.text();
        const tag = first.headers.get("etag");
        expect(tag && strip(tag)).toBe(strip(fromA!));
        const again = await fetch(`${URLS.balancer}/about`, { headers: { "accept-encoding": "gzip", "if-none-match": tag! } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
      }
      // A tag that is not the page's gets the page.
      const stale = await fetch(`${URLS.balancer}/about`, { headers: { "if-none-match": '"not-this-page"' } });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toContain("</html>");
    });

    it("compresses text, keeps one compressed copy per encoding, and keeps the build's hashed files for a year", async () => {
      const home = await fetch(`${URLS.balancer}/`, { headers: { "accept-encoding": "gzip" } });
      const html = await home.text();
      expect(home.headers.get("content-encoding")).toBe("gzip");
      // Kept compressed (decision 53): a repeat within the copy's second comes from the cache, still
      // gzip; a client that takes no compression gets the plain copy, never the gzip one.
      const kept = async (encoding: string) => {
        const response = await fetch(`${URLS.balancer}/about`, { headers: { "accept-encoding": encoding } });
        const bytes = Buffer.from(await response.arrayBuffer());
        return { cache: response.headers.get("x-cache"), encoding: response.headers.get("content-encoding"), bytes };
      };
      expect(await within(5_000, async () => (await kept("gzip")).cache === "HIT"), "a gzip copy is kept").toBe(true);
      expect((await kept("gzip")).encoding).toBe("gzip");
      expect(await within(5_000, async () => (await kept("identity")).cache === "HIT"), "a plain copy is kept").toBe(true);
      const plain = await kept("identity");
      expect(plain.encoding).toBeNull();
      expect(plain.bytes.toString("utf8")).toContain("</html>");
      const bundle = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
      expect(bundle).toBeDefined();
      const asset = await fetch(`${URLS.balancer}${bundle}`, { headers: { "accept-encoding": "gzip" } });
      await asset.arrayBuffer();
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toContain("max-age=31536000");
      expect(asset.headers.get("content-encoding")).toBe("gzip");
    });
  });
}
