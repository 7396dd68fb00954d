/** The payments domain's output shapes (issue 31): the one list of fields the routers declare. */
import { z } from "zod";
import { APPOINTMENT_TYPES, CURRENCIES, OFFER_KINDS } from "@coach/db/enums";
import { dateTime, nullableDateTime } from "../shared/schemas";

export const money = z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) });

/** An offer as `GET /api/offers` shows it (amount in the currency's minor unit). */
export const publicOffer = z.object({
  id: z.number(),
  kind: z.enum(OFFER_KINDS),
  title: z.string(),
  appointmentType: z.enum(APPOINTMENT_TYPES).nullable(),
  sessions: z.number().nullable(),
  validDays: z.number().nullable(),
  price: money,
});

/** The coach's view: the public fields, the retreat's, and whether it is offered. */
export const adminOffer = publicOffer.extend({
  deposit: money.nullable(),
  places: z.number().nullable(),
  balanceDueDays: z.number().nullable(),
  startsAt: nullableDateTime,
  refundSchedule: z.array(z.object({ daysBefore: z.number(), percent: z.number() })),
  active: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type AdminOffer = z.infer<typeof adminOffer>;
