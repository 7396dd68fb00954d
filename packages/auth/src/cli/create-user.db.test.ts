import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { verifyPassword } from "../password";
import { createUserFromOptions } from "./create-user";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

describe("user:create", () => {
  it("creates an admin with a hashed password, and refuses duplicates and weak input with the form's messages", async () => {
    const result = await createUserFromOptions(handle.db, {
      username: "headcoach",
      email: "head@example.com",
      password: "a-long-admin-secret",
      admin: true,
    });
    if (!("user" in result) || !result.user) throw new Error(JSON.stringify(result));
    expect(result.user.role).toBe("admin");
    expect(await verifyPassword(result.user.password, "a-long-admin-secret")).toBe(true);

    expect(
      await createUserFromOptions(handle.db, {
        username: "HeadCoach",
        email: "x@example.com",
        password: "a-long-admin-secret",
        admin: false,
      }),
    ).toEqual({
      error: 'The username "HeadCoach" is already taken.',
    });
    expect(await createUserFromOptions(handle.db, { username: "ab", email: "nope", password: "123456", admin: false })).toEqual({
      error:
        "Username must be at least 3 characters. Invalid email address. This password is too common. Please choose a less guessable one.",
    });
  });
});
