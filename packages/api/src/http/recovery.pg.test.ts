/**
 * PostgreSQL goes away mid-run and comes back: the API answers 503 with the database message while
 * it is gone, recovers by itself (no restart, same process and pool), and nothing saved is lost.
 * The outage is made by cutting a loopback TCP proxy that stands between the app and PostgreSQL.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "./rest";
import { DB_UNAVAILABLE_MESSAGE } from "../trpc/errors";

class CuttableProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  constructor(
    private readonly target: { host: string; port: number },
    public port = 0,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let direct: DbHandle;
let proxy: CuttableProxy;
let viaProxy: DbHandle;

beforeAll(async () => {
  direct = await createTestDb(); // a fresh, migrated database of its own
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const dbName = (direct.db as unknown as { $client: { options: { database: string } } }).$client.options.database;
  proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.start();
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  url.pathname = `/${dbName}`;
  viaProxy = await createDb({ databaseUrl: url.toString(), maxConnections: 4 });
});

afterAll(async () => {
  await viaProxy?.close().catch(() => {});
  await proxy?.cut().catch(() => {});
  await direct?.close();
});

const rest = (path: string) => handleRestRequest(new Request(`http://localhost/api${path}`), { db: viaProxy.db });

describe("database outage", () => {
  it("answers 503 while PostgreSQL is gone and recovers by itself, keeping saved data", async () => {
    await viaProxy.db
      .insert(schema.tests)
      .values({ slug: "saved-before", title: "Saved Before The Outage", description: "d", type: "iq", timeEstimate: 20 });
    expect((await rest("/health")).status).toBe(200);

    await proxy.cut();
    // Health reuses a database probe for up to a second (health/service.ts), so poll like below.
    let down = 0;
    for (let i = 0; i < 20 && down !== 503; i++) {
      down = (await rest("/health")).status;
      if (down !== 503) await new Promise((r) => setTimeout(r, 250));
    }
    expect(down).toBe(503);
    const list = await rest("/tests");
    expect(list.status).toBe(503);
    expect(((await list.json()) as { message: string }).message).toBe(DB_UNAVAILABLE_MESSAGE);

    await proxy.start(); // same port: PostgreSQL is back
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await rest("/health")).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    const after = (await (await rest("/tests")).json()) as Array<{ title: string }>;
    expect(after.map((t) => t.title)).toContain("Saved Before The Outage");
  });
});
