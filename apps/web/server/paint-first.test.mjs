import { describe, expect, it } from "vitest";
import { frameworkScriptHashes, inlineScripts, isFrameworkScript, sha256Source } from "./csp.mjs";
import { bundleLoader, isBundleLoader, paintBeforeBundles } from "./paint-first.mjs";

// The head of a page as Next.js renders it: a preload, the bundles as async scripts, the legacy polyfill.
const HEAD =
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script>' +
  '<script src="/_next/static/chunks/b.js" async=""></script>' +
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>';
const PAGE = `<!DOCTYPE html><html><head>${HEAD}</head><body><p>Text</p><script>self.__next_f.push([1,"x"])</script></body></html>`;

describe("paint before bundles", () => {
  it("replaces the bundle scripts and their preloads with one loader of the same bundles, in order", () => {
    const html = paintBeforeBundles(PAGE);
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[ab]\.js"/);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<script src="/_next/static/chunks/polyfill.js" noModule=""></script>');
    const loader = inlineScripts(html).find((script) => isBundleLoader(script));
    expect(loader).toBe(bundleLoader(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"]));
    // Where the scripts stood, before the body and its payload scripts.
    expect(html.indexOf(loader ?? "")).toBeLessThan(html.indexOf("<body>"));
    expect(html.endsWith('<p>Text</p><script>self.__next_f.push([1,"x"])</script></body></html>')).toBe(true);
  });

  it("leaves a page without bundles, or with another preload, as it is", () => {
    const other = '<html><head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/c.js"/></head></html>';
    expect(paintBeforeBundles(other)).toBe(other);
    expect(paintBeforeBundles("<p>plain</p>")).toBe("<p>plain</p>");
  });

  it("writes a loader that is valid JavaScript and that the CSP allows by its hash", () => {
    const html = paintBeforeBundles(PAGE);
    const loader = bundleLoader(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"]);
    expect(() => new Function(loader)).not.toThrow();
    expect(frameworkScriptHashes(html)).toContain(sha256Source(loader));
  });

  it("recognises only its own loader with same-origin bundle paths", () => {
    const loader = bundleLoader(["/_next/static/chunks/a.js"]);
    expect(isFrameworkScript(loader)).toBe(true);
    expect(isFrameworkScript(bundleLoader(["https://evil.example/x.js"]))).toBe(false);
    expect(isFrameworkScript(bundleLoader(["/_next/static/chunks/../../uploads/x.js"]))).toBe(false);
    expect(isFrameworkScript(bundleLoader([]))).toBe(false);
    expect(isFrameworkScript(`${loader};alert(1)`)).toBe(false);
    expect(isFrameworkScript(loader.replace('["/_next', '[alert(1),"/_next'))).toBe(false);
    expect(isFrameworkScript(loader.replace("e.async=true", "e.async=alert(1)"))).toBe(false);
  });
});
