import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, loginSchema, registerSchema, requestPasswordResetSchema, resetPasswordSchema } from "./auth";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("account form rules (spec section 5)", () => {
  it("login needs a username of 3 and a password of 6 characters", () => {
    expect(messages(loginSchema.safeParse({ username: "ab", password: "12345" }))).toEqual({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 6 characters",
    });
    expect(loginSchema.safeParse({ username: "abc", password: "123456" }).success).toBe(true);
  });

  it("registration checks the email, the password match and common passwords", () => {
    const base = { username: "jane", email: "jane@example.com", password: "tidal-basin-42", confirmPassword: "tidal-basin-42" };
    expect(registerSchema.safeParse(base).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...base, email: "not-an-email" }))).toEqual({ email: "Invalid email address" });
    expect(messages(registerSchema.safeParse({ ...base, confirmPassword: "something-else" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(messages(registerSchema.safeParse({ ...base, password: "Password123", confirmPassword: "Password123" }))).toEqual({
      password: COMMON_PASSWORD_MESSAGE,
    });
  });

  it("names are optional and a role sent by the client is dropped", () => {
    const parsed = registerSchema.parse({
      username: "jane",
      email: "jane@example.com",
      password: "tidal-basin-42",
      confirmPassword: "tidal-basin-42",
      firstName: "",
      role: "admin",
    });
    expect(parsed).not.toHaveProperty("role");
    expect(parsed.firstName).toBeUndefined();
  });

  it("reset request and reset have their own messages", () => {
    expect(messages(requestPasswordResetSchema.safeParse({ email: "nope" }))).toEqual({ email: "Invalid email address" });
    expect(messages(resetPasswordSchema.safeParse({ token: "", password: "tidal-basin-42", confirmPassword: "x" }))).toEqual({
      token: "Token is required",
      confirmPassword: "Passwords do not match",
    });
  });
});
