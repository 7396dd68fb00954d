import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { withQueryLog } from "../testing";
import { PROBE_TTL_MS } from "./service";

afterEach(() => void vi.useRealTimers());

describe("GET /health", () => {
  it("shares one database probe between concurrent and repeated checks, and turns 503 once the database is gone", async () => {
    const handle = await createTestDb();
    const { db, queries } = withQueryLog(handle);
    const health = () => handleRestRequest(new Request("http://localhost/api/health"), { db });
    vi.useFakeTimers({ toFake: ["Date"] });

    const answers = await Promise.all(Array.from({ length: 20 }, health));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await health()).status).toBe(200);
    expect(queries).toHaveLength(1);

    vi.setSystemTime(Date.now() + PROBE_TTL_MS);
    expect((await health()).status).toBe(200);
    expect(queries).toHaveLength(2);

    await handle.close();
    vi.setSystemTime(Date.now() + PROBE_TTL_MS);
    const down = await health();
    expect(down.status).toBe(503);
    expect(((await down.json()) as { message: string }).message).toMatch(/database/i);
  });
});
