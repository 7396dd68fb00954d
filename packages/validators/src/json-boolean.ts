import { z } from "zod";

/**
 * A boolean input that accepts JSON's true and false and nothing else, with a message that names the
 * field. Literals rather than z.boolean(): the REST adapter used to mark every z.boolean() for
 * coercion, which read "false" as true and shared a private note; it is patched now (decision 17),
 * and literals stay safe if that patch is ever dropped.
 */
export function jsonBoolean(message: string) {
  return z.union([z.literal(true), z.literal(false)], { error: message });
}
