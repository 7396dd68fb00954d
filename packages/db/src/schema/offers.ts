/** What the coach sells (issue 31, decision 27): paid sessions, packages and the retreat; prices live only here. */
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { APPOINTMENT_TYPES, CURRENCIES, OFFER_KINDS, type AppointmentType, type Currency, type OfferKind } from "../enums";
import { createdAt, inList } from "./columns";

export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** One tier of the retreat's refund schedule (the same shape as @coach/payments' RefundTier). */
export interface RefundTierRow {
  daysBefore: number;
  percent: number;
}

/** What the coach sells; prices live only here, never in a client's request. Offers are deactivated, not deleted. */
export const offers = pgTable(
  "offers",
  {
    id: serial().primaryKey(),
    kind: text().$type<OfferKind>().notNull(),
    title: text().notNull(),
    /** The type a session or package books (null for the retreat). */
    appointmentType: text().$type<AppointmentType>(),
    /** Sessions a package grants (1 for a paid session, null for the retreat). */
    sessions: integer(),
    /** Days a package's credits stay valid after the grant (null: a single session or the retreat). */
    validDays: integer(),
    priceAmount: integer().notNull(),
    currency: text().$type<Currency>().notNull(),
    active: boolean().notNull().default(true),
    /** The retreat: deposit (same currency), places, balance due N days before `startsAt`, refund tiers. */
    depositAmount: integer(),
    places: integer(),
    balanceDueDays: integer(),
    startsAt: timestamp({ withTimezone: true }),
    refundSchedule: jsonb().$type<RefundTierRow[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("offers_kind_check", inList("kind", OFFER_KINDS)),
    check("offers_currency_check", inList("currency", CURRENCIES)),
    check("offers_type_check", inList("appointment_type", APPOINTMENT_TYPES)),
    check("offers_price_check", sql`${t.priceAmount} > 0`),
    check(
      "offers_kind_fields_check",
      sql`case ${t.kind}
        when 'session' then ${t.appointmentType} is not null and ${t.sessions} = 1
        when 'package' then ${t.appointmentType} is not null and ${t.sessions} > 0 and ${t.validDays} > 0
        else ${t.appointmentType} is null and ${t.depositAmount} > 0 and ${t.depositAmount} <= ${t.priceAmount}
          and ${t.places} > 0 and ${t.balanceDueDays} >= 0 and ${t.startsAt} is not null end`,
    ),
  ],
);
