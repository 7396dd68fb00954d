import { expect, it, vi } from "vitest";
import type { ContentChange } from "./content-events";

it("a change made through one loaded copy of the module reaches the listeners of another, once, as remote", async () => {
  // Next.js bundles route handlers and pages apart, so one process can hold two copies.
  const first = await import("./content-events");
  vi.resetModules();
  const second = await import("./content-events");
  expect(second).not.toBe(first);

  const inFirst: ContentChange[] = [];
  const inSecond: ContentChange[] = [];
  const stopFirst = first.onContentChanged((change) => inFirst.push(change));
  const stopSecond = second.onContentChanged((change) => inSecond.push(change));
  try {
    first.contentChanged({ kind: "blog", slugs: ["a-post"] });
    // The maker's own listeners hear it at once, inside its request.
    expect(inFirst).toEqual([{ kind: "blog", slugs: ["a-post"], origin: "local" }]);
    await vi.waitFor(() => expect(inSecond).toEqual([{ kind: "blog", slugs: ["a-post"], origin: "remote" }]));
    // Not echoed back to the copy that made it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inFirst).toHaveLength(1);
  } finally {
    stopFirst();
    stopSecond();
  }
});
