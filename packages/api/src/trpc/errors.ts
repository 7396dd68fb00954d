import { TRPCError } from "@trpc/server";
import { isConnectionError, pgErrorCode } from "@coach/db";
import { DomainError } from "../shared/domain-error";

export const DB_UNAVAILABLE_MESSAGE = "We're experiencing database connection issues. Please try again later.";
export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * The one place where what services throw becomes the API's error vocabulary: a DomainError keeps
 * its code and message, database failures are mapped below; anything else answers null (a 500).
 */
export function mapServiceError(error: unknown): TRPCError | null {
  if (error instanceof DomainError) return new TRPCError({ code: error.code, message: error.message, cause: error });
  return mapDatabaseError(error);
}

/**
 * SQLSTATEs of a value the database refuses: a check constraint (23514), text that is not the type
 * (22P02), a number out of range (22003), a date or time it cannot read or hold (22007, 22008, 22009,
 * 22015), a negative limit or offset (2201W, 2201X). Input validation bounds values before a query;
 * this catches what slips past it as a 400, never a 500.
 */
const BAD_VALUE_CODES = new Set(["23514", "22P02", "22003", "22007", "22008", "22009", "22015", "2201W", "2201X"]);

/** Maps database failures onto the API's error vocabulary; returns null for anything else. */
export function mapDatabaseError(error: unknown): TRPCError | null {
  const code = pgErrorCode(error);
  if (code === "23505") return new TRPCError({ code: "CONFLICT", message: "That already exists.", cause: error });
  if (code === "23P01") return new TRPCError({ code: "CONFLICT", message: "That time overlaps another booking.", cause: error });
  if (code === "23503") return new TRPCError({ code: "NOT_FOUND", message: "A record this refers to does not exist.", cause: error });
  if (code && BAD_VALUE_CODES.has(code))
    return new TRPCError({ code: "BAD_REQUEST", message: "That value is not accepted.", cause: error });
  // Text Postgres cannot store (e.g. a NUL character) or values too large for an index.
  if (code === "22021" || code === "22P05" || code === "54000" || code === "22001") {
    return new TRPCError({
      code: "BAD_REQUEST",
      message: "That text contains characters or a length that cannot be stored.",
      cause: error,
    });
  }
  // PostgreSQL aborted this request to break a deadlock (40P01) or a serialization conflict (40001):
  // nothing was saved, and the same request succeeds when sent again.
  if (code === "40P01" || code === "40001")
    return new TRPCError({
      code: "CONFLICT",
      message: "This changed at the same moment as another request; please try again.",
      cause: error,
    });
  if (isConnectionError(error)) return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DB_UNAVAILABLE_MESSAGE, cause: error });
  return null;
}
