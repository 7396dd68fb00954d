import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./csrf";
import { readCappedText, RequestLimitError } from "./limits";

/** next-auth's own forms and JSON posts are small: a sign-in, a CSRF token, a callback URL. */
const MAX_NEXTAUTH_BODY_BYTES = 16 * 1024;
export const INVALID_NEXTAUTH_BODY = "The request body could not be read. Send a form (application/x-www-form-urlencoded) or valid JSON.";
export const INVALID_CALLBACK_URL = "The callback URL must be a path on this site (e.g. /dashboard) or a full http(s) address.";
export const CREDENTIALS_CALLBACK_POST_ONLY = "Sign in by sending the form with POST.";

/** The cookies in which next-auth keeps the callback URL between requests (plain and under https). */
const CALLBACK_COOKIES = new Set(["next-auth.callback-url", "__Secure-next-auth.callback-url"]);

const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message }, { status, headers: { "cache-control": "no-store", ...headers } });

/**
 * A callback URL next-auth can use without throwing: a path on this site, or an absolute http(s)
 * URL (next-auth sends any other origin back to the site itself). next-auth runs `new URL()` on
 * anything else (`http://a:b`) and answers the exception with a 500 and a stack in the log.
 */
export function isUsableCallbackUrl(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 2048) return false;
  if (value === "") return true; // next-auth treats an empty one as none
  if (value.startsWith("/")) return !value.startsWith("//") && URL.canParse(value, "http://localhost");
  if (!URL.canParse(value)) return false;
  return ["http:", "https:"].includes(new URL(value).protocol);
}

/** The callback URL cookie values a request carries (raw, as next-auth decodes them). */
function callbackCookies(request: Request): string[] {
  const header = request.headers.get("cookie") ?? "";
  const values: string[] = [];
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || !CALLBACK_COOKIES.has(part.slice(0, index).trim())) continue;
    const raw = part.slice(index + 1).trim();
    try {
      values.push(decodeURIComponent(raw));
    } catch {
      values.push("\u0000");
    }
  }
  return values;
}

/** The callbackUrl a form or JSON body names, if any (undefined: none named). */
function bodyCallbackUrl(text: string, type: string): unknown {
  if (text.trim() === "") return undefined;
  if (type.includes("application/json")) return (JSON.parse(text) as Record<string, unknown>).callbackUrl;
  const params = new URLSearchParams(text);
  return params.has("callbackUrl") ? params.get("callbackUrl") : undefined;
}

/**
 * What /api/nextauth/* checks before next-auth sees a request, on every path: another site's POST is
 * refused; a callback URL in the query, the body or next-auth's cookie must be usable; a body is read
 * under a small cap and must be the form or JSON it claims to be; the credentials callback only takes
 * a POST. next-auth answers each of these with a 500 and a stack trace in the log.
 */
export async function guardNextAuthRequest(request: Request): Promise<Request | Response> {
  if (isCrossSiteRequest(request)) return refuse(403, CROSS_SITE_MESSAGE);
  const url = new URL(request.url);
  const queried = url.searchParams.getAll("callbackUrl");
  if (!queried.every(isUsableCallbackUrl) || !callbackCookies(request).every(isUsableCallbackUrl)) {
    return refuse(400, INVALID_CALLBACK_URL);
  }
  if (request.method !== "POST") {
    if (/\/callback\/credentials\/?$/.test(url.pathname)) return refuse(405, CREDENTIALS_CALLBACK_POST_ONLY, { allow: "POST" });
    return request;
  }
  let text: string;
  try {
    text = await readCappedText(request, MAX_NEXTAUTH_BODY_BYTES);
  } catch (error) {
    if (error instanceof RequestLimitError) return refuse(error.status, error.message);
    throw error;
  }
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (type.includes("application/json") && text.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return refuse(400, INVALID_NEXTAUTH_BODY);
    } catch {
      return refuse(400, INVALID_NEXTAUTH_BODY);
    }
  }
  const named = bodyCallbackUrl(text, type);
  if (named !== undefined && !isUsableCallbackUrl(named)) return refuse(400, INVALID_CALLBACK_URL);
  return new Request(request.url, { method: request.method, headers: request.headers, body: text === "" ? undefined : text });
}
