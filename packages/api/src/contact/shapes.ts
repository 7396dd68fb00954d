/** The contact domain's output shapes: the one list of fields the routers declare and the service selects. */
import { z } from "zod";
import { dateTime, nullableDateTime } from "../shared/schemas";

/** An enquiry as the coach's inbox shows it. */
export const messageRow = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  readAt: nullableDateTime,
  createdAt: dateTime,
});

/** One of the coach's answers to an enquiry. */
export const replyRow = z.object({ id: z.number(), body: z.string(), createdAt: dateTime });

export const messageWithReplies = messageRow.extend({ replies: z.array(replyRow) });

export const messagePage = z.object({
  items: z.array(messageWithReplies),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const messageReadState = z.object({ id: z.number(), readAt: nullableDateTime });
