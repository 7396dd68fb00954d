/** The audit trail's output shapes: the one list of fields the router declares and the service selects. */
import { z } from "zod";
import { dateTime, nullableDateTime } from "../shared/schemas";

/** One entry of the trail as stored. */
export const auditEntry = z.object({
  id: z.number(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: dateTime,
});

/** An entry as the console lists it: with its subject named (null when it no longer exists or has no name). */
export const auditListEntry = auditEntry.extend({
  subject: z.object({ label: z.string(), clientId: z.number().nullable(), at: nullableDateTime }).nullable(),
});

export const auditPage = z.object({ items: z.array(auditListEntry), total: z.number(), page: z.number(), pageSize: z.number() });
