/** The newsletter's output shapes: the one list of fields the routers declare and the service reads. */
import { z } from "zod";
import { dateTime, nullableDateTime } from "../shared/schemas";

export const SUBSCRIBER_STATUSES = ["pending", "active", "unsubscribed"] as const;

/** A subscriber as the coach's list shows them. */
export const subscriber = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: dateTime,
  confirmedAt: nullableDateTime,
  unsubscribedAt: nullableDateTime,
});

export const subscriberList = z.object({ subscribers: z.array(subscriber), counts: z.record(z.enum(SUBSCRIBER_STATUSES), z.number()) });

export const subscribersCsv = z.object({ filename: z.string(), csv: z.string(), count: z.number() });

/** One post's newsletter: whether and to how many it was sent, and whether a test went out since the last edit. */
export const issueSend = z.object({
  postId: z.number(),
  sendId: z.number().nullable(),
  recipientCount: z.number(),
  completedAt: nullableDateTime,
  testedAt: nullableDateTime,
});

export const issueSent = z.object({ sendId: z.number(), queued: z.number(), alreadySent: z.number() });

/** Where the coach's test copy of an issue went. */
export const testIssueSent = z.object({ to: z.string() });

export const subscribed = z.object({ success: z.literal(true), message: z.string() });

/** A confirmed subscription, with the address it confirmed. */
export const subscriptionConfirmed = z.object({ success: z.literal(true), email: z.string() });

/** A newsletter issue written in the console. */
export const letterRow = z.object({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  testedAt: nullableDateTime,
  sentAt: nullableDateTime,
  recipientCount: z.number(),
  updatedAt: dateTime,
  createdAt: dateTime,
});

export const letterSent = z.object({ issue: letterRow, queued: z.number(), alreadySent: z.number() });
