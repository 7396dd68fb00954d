/** The auth domain's output shapes. */
import { z } from "zod";
import { ROLES } from "@coach/db/enums";

/** The user as the browser sees it: never the hash, the session version or anything secret. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUser>;

/** Who is signed in, if anyone. */
export const currentSession = z.object({ user: publicUser.nullable() });

/** The user a sign-in or registration signed in. */
export const signedIn = z.object({ user: publicUser });

/** A message for the person (the same whether or not the address is known, where that matters). */
export const authMessage = z.object({ message: z.string() });
