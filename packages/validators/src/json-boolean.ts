import { z } from "zod";

/**
 * A boolean input that accepts JSON's true and false and nothing else. Not z.boolean(): the REST
 * adapter (trpc-to-openapi) marks every z.boolean() in a procedure's input for coercion on its first
 * REST call, for tRPC calls too, and a coerced boolean reads "false" (any non-empty string) as true,
 * which would, for instance, share a private note. Literals are left alone.
 */
export function jsonBoolean(message: string) {
  return z.union([z.literal(true), z.literal(false)], { error: message });
}
