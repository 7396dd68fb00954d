// @ts-check
import { createHash } from "node:crypto";
import { parse } from "parse5";

/**
 * The Content-Security-Policy (decision 20). Scripts run only from this origin ('self') and, inline,
 * by hash or nonce: never 'unsafe-inline'.
 * - A page Next.js prerenders or regenerates gets the hashes of the inline scripts in its HTML,
 *   computed once, when the HTML is made and stored (cache-handler.mjs), and served with it as a
 *   header by Next.js, on every instance. Regenerated HTML carries its own new hashes.
 * - A page rendered per request gets a nonce from src/proxy.ts, which Next.js puts on its scripts.
 * Content from the database (a post's body) is rendered inside an element marked
 * `data-user-content`: a script in there (which the sanitizer already removes) gets no hash.
 */

const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);
export const USER_CONTENT_ATTRIBUTE = "data-user-content";

/** @typedef {{ nodeName: string, attrs?: { name: string, value: string }[], childNodes?: Node[], content?: Node, value?: string }} Node */

/** @param {Node} node @param {string} name */
const attribute = (node, name) => node.attrs?.find((attr) => attr.name === name)?.value;

/**
 * The bodies of the inline scripts a browser would run in `html` (no src, a JavaScript type),
 * found by an HTML parser, outside content marked as user content.
 * @param {string} html
 */
export function inlineScripts(html) {
  /** @type {string[]} */
  const found = [];
  /** @param {Node} node */
  const visit = (node) => {
    if (attribute(node, USER_CONTENT_ATTRIBUTE) !== undefined) return;
    if (node.nodeName === "script") {
      const type = (attribute(node, "type") ?? "").trim().toLowerCase();
      if (attribute(node, "src") === undefined && JS_TYPES.has(type)) {
        found.push((node.childNodes ?? []).map((child) => child.value ?? "").join(""));
      }
      return;
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(/** @type {Node} */ (/** @type {unknown} */ (parse(html))));
  return found;
}

/** @param {string} body */
export function sha256Source(body) {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** The policy for one page: its inline scripts' hashes, or a nonce. @param {{ hashesOf?: string, nonce?: string, https?: boolean }} page */
export function contentSecurityPolicy({ hashesOf, nonce, https = false }) {
  const inline = nonce ? [`'nonce-${nonce}'`] : [...new Set(inlineScripts(hashesOf ?? "").map(sha256Source))];
  return [
    "default-src 'self'",
    `script-src 'self'${inline.map((source) => ` ${source}`).join("")}`,
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
