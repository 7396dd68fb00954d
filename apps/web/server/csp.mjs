// @ts-check
import { createHash } from "node:crypto";

/**
 * A Content-Security-Policy for one HTML document without nonces: its inline scripts are allowed by
 * their sha256, and only the framework's own. Next.js writes the page's React Server Components
 * payload as inline scripts that push JSON (`self.__next_f.push([1,"..."])`); such a script is
 * recognised only when what it pushes parses as JSON, so nothing else can ride along (the same
 * for Turbopack's bootstrap, which pushes its chunk list). React's
 * streaming instructions ($RC, $RS, $RX...) occur where a page streams per request (the signed-in
 * areas); a prerendered page has all its boundaries resolved and holds none, so they are only
 * accepted when the caller says the document was rendered for this request. Any other inline
 * script (one injected into content, say) gets no hash and the browser refuses it.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const FLIGHT = /^(?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\((\[[\s\S]*\])\)$/;
// Turbopack's bootstrap: the list of chunks to load, also JSON.
const TURBOPACK = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{[\s\S]*\})\);?$/;
// React's streaming runtime: definitions of its $R* helpers and calls of them with string arguments.
const REACT_INSTRUCTION = /^\$R[A-Z]{0,2}(?:=|\()/;
const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** The inline scripts a browser would run: no src, and a JavaScript type. */
export function inlineScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1]?.toLowerCase() ?? "";
    if (!JS_TYPES.has(type)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** Whether an inline script is one Next.js or React writes; see the module comment. */
export function isFrameworkScript(body, { streamed = false } = {}) {
  const text = body.trim();
  const flight = FLIGHT.exec(text);
  const bootstrap = flight ? undefined : TURBOPACK.exec(text);
  if (flight || bootstrap) {
    try {
      const pushed = JSON.parse((flight ?? bootstrap)?.[1] ?? "");
      return flight ? Array.isArray(pushed) : typeof pushed === "object" && pushed !== null && !Array.isArray(pushed);
    } catch {
      return false;
    }
  }
  return streamed && REACT_INSTRUCTION.test(text);
}

export function sha256Source(body) {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** The hash sources of the framework's inline scripts in `html`, without duplicates. */
export function frameworkScriptHashes(html, options = {}) {
  return [...new Set(inlineScripts(html).filter((body) => isFrameworkScript(body, options)).map(sha256Source))];
}

export function contentSecurityPolicy(scriptHashes, { https = false } = {}) {
  return [
    "default-src 'self'",
    // Bundles come from this origin ('self'); inline scripts only by hash: no 'unsafe-inline'.
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(" ")}` : ""}`,
    // Style attributes (React, inline layout) cannot carry a hash; scripts are the injection risk.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
