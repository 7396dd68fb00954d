/**
 * Where a visitor goes after signing in: the page that sent them to /auth, given as `?next=`.
 * Only a path of this site is followed ("/appointments", "/tests/3?x=1"); anything that a browser
 * could read as another origin ("//evil.example", "/\evil.example", "https://…") or that carries
 * control characters falls back to the home page, so a crafted sign-in link cannot send people away.
 */
export const RETURN_PARAM = "next";

export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 512) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  if (value === "/auth" || value.startsWith("/auth?") || value.startsWith("/auth/")) return "/";
  return value;
}

/** The sign-in address that brings the visitor back to `path` afterwards. */
export function signInHref(path: string): string {
  const target = safeReturnPath(path);
  return target === "/" ? "/auth" : `/auth?${RETURN_PARAM}=${encodeURIComponent(target)}`;
}
