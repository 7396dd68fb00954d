import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./csrf";
import { readCappedText, RequestLimitError } from "./limits";

/** next-auth's own forms and JSON posts are small: a sign-in, a CSRF token, a callback URL. */
const MAX_NEXTAUTH_BODY_BYTES = 16 * 1024;
export const INVALID_NEXTAUTH_BODY = "The request body could not be read. Send a form (application/x-www-form-urlencoded) or valid JSON.";

const refuse = (status: number, message: string) => Response.json({ message }, { status, headers: { "cache-control": "no-store" } });

/**
 * What /api/nextauth/* checks before next-auth sees a request: another site's POST is refused, and a
 * body is read under a small cap and must be the form or JSON it claims to be. next-auth parses bodies
 * itself and answers a broken one (`{{{`) with a 500 and a stack trace in the log.
 */
export async function guardNextAuthRequest(request: Request): Promise<Request | Response> {
  if (isCrossSiteRequest(request)) return refuse(403, CROSS_SITE_MESSAGE);
  if (request.method !== "POST") return request;
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
  return new Request(request.url, { method: request.method, headers: request.headers, body: text === "" ? undefined : text });
}
