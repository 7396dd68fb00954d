// Page loads in Chromium with the network and the CPU really throttled through the DevTools
// protocol (not Lighthouse's simulation): every request waits out the latency and shares the
// bandwidth, and the renderer's main thread runs 4x slower. Each load is a first visit (a new
// browser context: empty cache, new connections) on a phone-sized screen with touch.
import { createRequire } from "node:module";
import path from "node:path";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.mjs";
import { sleep, webDir } from "./server.mjs";

// Playwright is the web app's browser-test dependency; the bench uses the same copy.
const { chromium } = createRequire(path.join(webDir, "package.json"))("@playwright/test");

/** Lighthouse's "slow 4G" as DevTools applies it (562.5 ms latency, 1.4 Mbit/s down, 675 kbit/s up) and a 4x slower CPU. */
export const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
  cpuSlowdown: 4,
};
const LOAD_TIMEOUT = 90_000;
/** The header's small-screen menu: its button, and the panel a tap shows. */
const MENU_BUTTON = { role: "button", name: "Open menu" };
const MENU_PANEL = process.env.BENCH_MENU_SELECTOR ?? "#mobile-menu";

/**
 * Runs in every document before the page's own scripts: keeps the latest largest-contentful-paint
 * time and the frame in which the menu panel was first visible, both in ms since navigation start.
 */
function recorder(panelSelector) {
  const state = { lcp: 0, lcpElement: "", fcp: 0, menuShownAt: 0 };
  Object.defineProperty(window, "__bench", { value: state });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      state.lcpElement = entry.element ? `${entry.element.tagName.toLowerCase()}${entry.url ? ` ${entry.url}` : ""}` : entry.url;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") state.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  const check = () => {
    if (state.menuShownAt) return;
    const panel = document.querySelector(panelSelector);
    if (panel?.checkVisibility()) requestAnimationFrame(() => (state.menuShownAt ||= performance.now()));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

async function throttledPage(browser) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_4G.latency,
    downloadThroughput: SLOW_4G.downloadThroughput,
    uploadThroughput: SLOW_4G.uploadThroughput,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_4G.cpuSlowdown });
  await page.addInitScript(recorder, MENU_PANEL);
  return { context, page };
}

/** One load, left alone until its load event and a second more: `{ lcp, fcp }` in ms and `lcpElement` (tag and image). */
export async function measureLcp(browser, url) {
  const { context, page } = await throttledPage(browser);
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: LOAD_TIMEOUT });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await sleep(1000);
    const { lcp, fcp, lcpElement } = await page.evaluate(() => window.__bench);
    if (!lcp) throw new Error(`${url}: no largest-contentful-paint was reported`);
    return { lcp: Math.round(lcp), fcp: Math.round(fcp), lcpElement };
  } finally {
    await context.close();
  }
}

/**
 * One load as an impatient visitor makes it: the menu button is tapped as soon as it is visible,
 * and again every 100 ms until the menu panel shows (a tap before the page is hydrated does
 * nothing). Resolves to `{ menu }`: ms from navigation start to the first frame showing the panel.
 */
export async function measureMenu(browser, url) {
  const { context, page } = await throttledPage(browser);
  try {
    const started = Date.now();
    const response = await page.goto(url, { waitUntil: "commit", timeout: LOAD_TIMEOUT });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    const button = page.getByRole(MENU_BUTTON.role, { name: MENU_BUTTON.name });
    await button.waitFor({ state: "visible", timeout: LOAD_TIMEOUT });
    while (Date.now() - started < LOAD_TIMEOUT) {
      // Aimed afresh at every tap, as a visitor aims at what they see: the button has a layout box
      // before the stylesheet arrives (nothing is painted yet), and it moves when the styles apply.
      const box = await button.boundingBox();
      if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await sleep(100);
      const shown = await page.evaluate(() => window.__bench.menuShownAt);
      if (shown) return { menu: Math.round(shown) };
    }
    throw new Error(`${url}: the menu did not open within ${LOAD_TIMEOUT / 1000} s of tapping`);
  } finally {
    await context.close();
  }
}

/**
 * The same HTML without any script: every <script>, script preload and module preload removed by
 * the browser's own HTML parser (DOMParser), in an unthrottled page.
 */
export async function withoutScripts(browser, html) {
  const page = await browser.newPage();
  try {
    return await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "text/html");
      doc.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"]').forEach((node) => node.remove());
      return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
    }, html);
  } finally {
    await page.close();
  }
}
