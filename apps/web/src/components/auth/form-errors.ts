import { TRPCClientError } from "@trpc/client";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** The server's per-field validation messages (from the tRPC error formatter), if any. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { fieldErrors?: Record<string, string[]> } | undefined;
  return data?.fieldErrors ?? {};
}

/** Shows the server's field messages next to the matching fields; returns true when one was shown. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const errors = serverFieldErrors(error);
  let shown = false;
  for (const field of fields) {
    const message = errors[field]?.[0];
    if (message) {
      setError(field, { type: "server", message });
      shown = true;
    }
  }
  return shown;
}

/** The tRPC error code of a failed call (e.g. "TOO_MANY_REQUESTS"). */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { code?: string } | undefined)?.code;
}
