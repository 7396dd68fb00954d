/** The users domain's output shapes (the coach's user list). */
import { z } from "zod";
import { ROLES } from "@coach/db/enums";
import { dateTime, nullableDateTime } from "../shared/schemas";

/** A user as the coach's user list shows them. */
export const userRow = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: dateTime,
  lastLoginAt: nullableDateTime,
  disabledAt: nullableDateTime,
  /** completed assessments */
  assessments: z.number(),
  /** appointments that are not canceled */
  appointments: z.number(),
});

export const userPage = z.object({ items: z.array(userRow), total: z.number(), page: z.number(), pageSize: z.number() });

export const roleChanged = z.object({ id: z.number(), role: z.enum(ROLES) });

export const disabledState = z.object({ id: z.number(), disabledAt: nullableDateTime });

export const deletedUser = z.object({ id: z.number() });
