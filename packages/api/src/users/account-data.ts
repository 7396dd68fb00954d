/** The account itself in the export, and the mail the account caused in the erasure. */
import { z } from "zod";
import { and, eq, notInArray, schema, sql } from "@coach/db";
import { ROLES } from "@coach/db/enums";
import type { AccountEraser, AccountExporter } from "../shared/account-data";
import { DomainError } from "../shared/domain-error";
import { dateTime, nullableDateTime } from "../shared/schemas";

const { users, emailOutbox } = schema;

export const accountExporter = {
  shape: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(ROLES),
    createdAt: dateTime,
    lastLoginAt: nullableDateTime,
  }),
  async read(db, userId) {
    const [user] = await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new DomainError("NOT_FOUND", "That account no longer exists.");
    return user;
  },
} satisfies AccountExporter;

/**
 * The mail sent to the account's address, found by the exact address (never by a name inside a
 * text: a short name matches other people's mail). Newsletter mail stays: a subscription is filed
 * under the address, which registering proves no one owns; it ends by its own unsubscribe link.
 */
export const accountMailEraser: AccountEraser = {
  name: "mail to the account's address",
  async erase({ tx, person }) {
    await tx
      .delete(emailOutbox)
      .where(and(sql`lower(${emailOutbox.to}) = ${person.email}`, notInArray(emailOutbox.kind, ["newsletter", "newsletter-confirm"])));
  },
};
