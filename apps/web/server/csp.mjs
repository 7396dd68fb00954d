// @ts-check
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isBundleLoader } from "./paint-first.mjs";

/**
 * A Content-Security-Policy for one HTML document without nonces: its inline scripts are allowed by
 * their sha256, and only the framework's own. Next.js writes the page's React Server Components
 * payload as inline scripts that push JSON (`self.__next_f.push([1,"..."])`); such a script is
 * recognised only when what it pushes parses as JSON, so nothing else can ride along (the same
 * for Turbopack's bootstrap, which pushes its chunk list, and for the loader that starts a prerendered
 * page's bundles after its first paint, paint-first.mjs). Where a Suspense boundary finishes after
 * the shell, React adds its small runtime ($RC, $RS, $RX... functions, read verbatim from the React
 * build that Next.js runs, see REACT_RUNTIME) and calls of it with JSON arguments. Any other inline
 * script (one injected into content, say) gets no hash and the browser refuses it.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const FLIGHT = /^(?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\((\[[\s\S]*\])\)$/;
// Turbopack's bootstrap: the list of chunks to load, also JSON.
const TURBOPACK = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{[\s\S]*\})\);?$/;
// A call of one of React's $R* helpers: `$RC("B:0","S:0")`; the arguments must parse as JSON.
const REACT_CALL = /^\$R[A-Z]{1,2}\(((?:"(?:[^"\\]|\\.)*"|[-\d.eE+]+|null|true|false|[[\],\s])*)\);?/;

/**
 * React's inline runtime, exactly as the React build inside Next.js writes it: the string literals
 * of its server renderer that define the $R* helpers (read once at start-up from the runtime files).
 */
const REACT_RUNTIME = (() => {
  const require = createRequire(import.meta.url);
  const runtimes = ["app-page", "app-page-turbo", "app-page-experimental", "app-page-turbo-experimental"];
  const literal = /\(\s*(['"])((?:\$R[A-Z]{1,2}=|requestAnimationFrame\()(?:(?!\1)[^\\\n]|\\.)*)\1\s*\)/g;
  const found = new Set();
  for (const name of runtimes) {
    let source;
    try {
      source = readFileSync(require.resolve(`next/dist/compiled/next-server/${name}.runtime.prod.js`), "utf8");
    } catch {
      continue;
    }
    for (const match of source.matchAll(literal)) {
      // A string literal from Next.js's own file (the pattern admits no unescaped quote): evaluate its escapes.
      found.add(String(new Function(`return ${match[1]}${match[2]}${match[1]};`)()));
    }
  }
  // Longest first, so a definition that contains another is removed whole.
  return [...found].sort((a, b) => b.length - a.length);
})();

/** React's runtime definitions, then calls of them, and nothing else. */
function isReactScript(text) {
  let rest = text;
  for (let progressed = true; progressed;) {
    progressed = false;
    for (const definition of REACT_RUNTIME) {
      if (rest.startsWith(definition)) {
        rest = rest.slice(definition.length);
        progressed = true;
      }
    }
  }
  if (rest === text && !rest.startsWith("$R")) return false;
  while (rest.length) {
    const call = REACT_CALL.exec(rest);
    if (!call) return false;
    try {
      JSON.parse(`[${call[1]}]`);
    } catch {
      return false;
    }
    rest = rest.slice(call[0].length).trimStart();
  }
  return true;
}
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
export function isFrameworkScript(body) {
  const text = body.trim();
  if (isBundleLoader(text)) return true;
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
  return isReactScript(text);
}

export function sha256Source(body) {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** The hash sources of the framework's inline scripts in `html`, without duplicates. */
export function frameworkScriptHashes(html) {
  return [
    ...new Set(
      inlineScripts(html)
        .filter((body) => isFrameworkScript(body))
        .map(sha256Source),
    ),
  ];
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
