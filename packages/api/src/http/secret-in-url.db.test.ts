/**
 * Issue 30: a password in the query string lands in proxy, browser and server logs, so the REST
 * adapter refuses it on every path; `DELETE /api/user/account` takes it in the JSON body only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { createUser } from "../testing";
import { handleRestRequest, SECRET_IN_URL_MESSAGE } from "./rest";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

const deleteAccount = (cookie: string, query: string, body?: unknown) =>
  handleRestRequest(
    new Request(`http://localhost:3000/api/user/account${query}`, {
      method: "DELETE",
      headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
    { db: handle.db },
  );

const stillThere = async (id: number) => (await handle.db.select().from(schema.users).where(eq(schema.users.id, id))).length === 1;

describe("DELETE /api/user/account", () => {
  it("refuses a password in the query string with 400 and deletes nothing, even with the body right too", async () => {
    const { user, cookie, password } = await createUser(handle.db);
    const inUrl = await deleteAccount(cookie, `?confirm=DELETE&password=${encodeURIComponent(password)}`);
    expect(inUrl.status).toBe(400);
    expect(await inUrl.json()).toMatchObject({ message: SECRET_IN_URL_MESSAGE });
    const both = await deleteAccount(cookie, `?password=${encodeURIComponent(password)}`, { confirm: "DELETE", password });
    expect(both.status).toBe(400);
    expect(await stillThere(user.id)).toBe(true);
  });

  it("deletes the account with the password in the JSON body", async () => {
    const { user, cookie, password } = await createUser(handle.db);
    const response = await deleteAccount(cookie, "", { confirm: "DELETE", password });
    expect(response.status).toBe(200);
    expect(await stillThere(user.id)).toBe(false);
  });
});
