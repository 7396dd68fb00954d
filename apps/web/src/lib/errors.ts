export const DB_ISSUE_TITLE = "Database Connection Issue";
export const DB_ISSUE_TEXT = "We're experiencing database connection issues. Please try again later.";

/** The spec's database-connectivity test, plus the server's 503 for an unreachable database. */
export function isDatabaseConnectionError(error: unknown): boolean {
  if (!error) return false;
  const message = error instanceof Error ? error.message : String(error);
  if (/Control plane request failed|endpoint is disabled|database connection issues/i.test(message)) return true;
  // A TRPCClientError carries the server's error shape in `data`; read it by shape so this module does
  // not pull the tRPC client into pages that load it lazily.
  const data = (error as { data?: { httpStatus?: number; code?: string } | null }).data;
  return data?.code === "SERVICE_UNAVAILABLE" || data?.httpStatus === 503;
}

/** The server's message for a failed call, or the fallback the spec names. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message && !/^(fetch failed|Failed to fetch|Unexpected token)/.test(error.message))
    return error.message;
  return fallback;
}
