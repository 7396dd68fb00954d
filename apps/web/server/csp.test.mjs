import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScripts } from "./csp.mjs";

const hashOf = (body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
const BOOT = "(self.__next_f=self.__next_f||[]).push([0])";
const PAYLOAD = 'self.__next_f.push([1,"0:{\\"P\\":null}\\n"])';

describe("the Content-Security-Policy", () => {
  it("allows the page's own inline scripts by hash and nothing inside user content", () => {
    const injected = "alert(document.cookie)";
    const html = `<html><head><script src="/_next/static/chunks/a.js" async></script></head><body><article data-user-content=""><p>Hi</p><div><script>${injected}</script></div></article><script>${BOOT}</script><script>${PAYLOAD}</script><script type="application/ld+json">{"@type":"Person"}</script></body></html>`;
    const policy = contentSecurityPolicy({ hashesOf: html });
    expect(policy).toContain(`script-src 'self' ${hashOf(BOOT)} ${hashOf(PAYLOAD)};`);
    expect(policy).not.toContain(hashOf(injected));
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("reads scripts as a browser does, not as a pattern would", () => {
    expect(
      inlineScripts(
        '<script type="module">a()</script><script src=x.js></script><script type="application/json">{}</script><SCRIPT>b()</SCRIPT><!-- <script>c()</script> --><textarea><script>d()</script></textarea>',
      ),
    ).toEqual(["a()", "b()"]);
    // A script body holding what looks like a closing tag of another element is one script.
    expect(inlineScripts('<script>x("</div>")</script>')).toEqual(['x("</div>")']);
  });

  it("allows a page rendered per request by its nonce", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123" });
    expect(policy).toContain("script-src 'self' 'nonce-abc123';");
    expect(contentSecurityPolicy({ nonce: "n", https: true })).toContain("upgrade-insecure-requests");
  });
});
