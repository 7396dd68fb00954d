// @ts-check
/**
 * A prerendered page paints before its framework bundles run.
 *
 * Next.js writes each bundle of a page as `<script src=… async>`, and an async script runs as soon as
 * it arrives. On a fast connection the bundles arrived before the first frame, so a slow CPU ran
 * React and the router before it showed the page. Here the bundles are requested by a small loader
 * once the browser reports the first contentful paint. On a slow connection the paint comes no
 * sooner and hydration comes later, because the download starts after the paint; links are plain
 * links meanwhile. The measurements and the trade are in docs/decisions/0010-csp-and-caching.md
 * ("Paint before hydration").
 *
 * The loader is an inline script, allowed by its hash like the framework's own (csp.mjs recognises it
 * only in exactly the form written here, with a JSON list of same-origin bundle paths).
 */

/** A bundle's path, as Next.js writes it. */
const BUNDLE = String.raw`\/_next\/static\/chunks\/[\w.-]+\.js`;
/** Next.js's tag for one of a page's bundles, exactly as it renders it. */
const BUNDLE_SCRIPT = new RegExp(`<script src="(${BUNDLE})" async=""><\\/script>`, "g");
/** Next.js's own preload of one of them. */
const BUNDLE_PRELOAD = new RegExp(`<link rel="preload" as="script" fetchPriority="low" href="(${BUNDLE})"\\/>`, "g");
const BUNDLE_PATH = new RegExp(`^${BUNDLE}$`);

// Starts the bundles (`c`) once the first contentful paint is reported; where the browser does not
// report paints, after the first frame (a task queued from requestAnimationFrame runs after it). A
// page that never paints (a background tab) starts them after LOADER_FALLBACK_MS all the same.
export const LOADER_FALLBACK_MS = 3000;
export const LOADER_PREFIX = `(function(c){var d=0;function g(){if(!d){d=1;c.forEach(function(s){var e=document.createElement("script");e.src=s;e.async=true;document.head.appendChild(e)})}}var t=typeof PerformanceObserver!="undefined"&&PerformanceObserver.supportedEntryTypes||[];if(t.indexOf("paint")>=0){new PerformanceObserver(function(l){l.getEntries().forEach(function(p){if(p.name=="first-contentful-paint")setTimeout(g)})}).observe({type:"paint",buffered:true});setTimeout(g,${LOADER_FALLBACK_MS})}else requestAnimationFrame(function(){setTimeout(g)})})(`;
export const LOADER_SUFFIX = ")";

/** The loader for these bundle paths. */
export function bundleLoader(paths) {
  return `${LOADER_PREFIX}${JSON.stringify(paths)}${LOADER_SUFFIX}`;
}

/** Whether an inline script is a loader written by bundleLoader (and nothing more). */
export function isBundleLoader(text) {
  if (!text.startsWith(LOADER_PREFIX) || !text.endsWith(LOADER_SUFFIX)) return false;
  try {
    const paths = JSON.parse(text.slice(LOADER_PREFIX.length, text.length - LOADER_SUFFIX.length));
    return Array.isArray(paths) && paths.length > 0 && paths.every((path) => typeof path === "string" && BUNDLE_PATH.test(path));
  } catch {
    return false;
  }
}

/**
 * The page with its bundle scripts (and their preloads) replaced by one loader, where the first of
 * them stood; the page unchanged when it has none in Next.js's form.
 * @param {string} html
 */
export function paintBeforeBundles(html) {
  const paths = [...html.matchAll(BUNDLE_SCRIPT)].map((match) => /** @type {string} */ (match[1]));
  if (paths.length === 0) return html;
  let first = true;
  return html
    .replace(BUNDLE_PRELOAD, (tag, path) => (paths.includes(path) ? "" : tag))
    .replace(BUNDLE_SCRIPT, () => {
      if (!first) return "";
      first = false;
      return `<script>${bundleLoader(paths)}</script>`;
    });
}
