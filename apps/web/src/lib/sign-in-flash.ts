/**
 * What a sign-in posted without scripts comes back with (app/(app)/auth/sign-in/route.ts): the
 * message and the name typed, in a cookie for the sign-in page only, for one minute; never the password.
 */
export const SIGN_IN_FLASH = "coach-sign-in";

export interface SignInFlash {
  error?: string;
  username?: string;
}

export function signInFlashCookie(flash: SignInFlash | null): string {
  if (!flash) return `${SIGN_IN_FLASH}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax`;
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${SIGN_IN_FLASH}=${value}; Path=/auth; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The flash a cookie value carries, or nothing when it is absent or not ours. */
export function readSignInFlash(value: string | undefined): SignInFlash {
  if (!value) return {};
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (typeof parsed !== "object" || parsed === null) return {};
    const { error, username } = parsed as Record<string, unknown>;
    return {
      error: typeof error === "string" ? error.slice(0, 300) : undefined,
      username: typeof username === "string" ? username.slice(0, 256) : undefined,
    };
  } catch {
    return {};
  }
}
