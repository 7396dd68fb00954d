import { describe, expect, it } from "vitest";
import { SIGN_IN_FLASH, readSignInFlash, signInFlashCookie } from "./sign-in-flash";

describe("the sign-in flash", () => {
  it("carries the message and the name for the sign-in page only, for a minute, and reads back", () => {
    const cookie = signInFlashCookie({ error: "Invalid username or password", username: "ada@example.com" });
    expect(cookie).toMatch(new RegExp(`^${SIGN_IN_FLASH}=[A-Za-z0-9_-]+; Path=/auth; Max-Age=60; HttpOnly; SameSite=Lax$`));
    const value = /=([^;]+);/.exec(cookie)![1];
    expect(readSignInFlash(value)).toEqual({ error: "Invalid username or password", username: "ada@example.com" });
    expect(signInFlashCookie(null)).toContain("Max-Age=0");
  });

  it("reads nothing from a missing or forged value", () => {
    expect(readSignInFlash(undefined)).toEqual({});
    expect(readSignInFlash("not-base64-json")).toEqual({});
    expect(readSignInFlash(Buffer.from('{"error":5}').toString("base64url"))).toEqual({ error: undefined, username: undefined });
  });
});
