/**
 * Offer forms (the console) and the REST bodies of `POST /api/admin/offers` and
 * `PATCH /api/admin/offers/{id}` (issue 31). Prices are integers in the currency's minor unit.
 * The rules that tie fields together (a package names its sessions; a retreat its deposit, places,
 * start and refund tiers) are one function, `offerProblems`, which the patch also runs on the merged offer.
 */
import { z } from "zod";
import { APPOINTMENT_TYPES, CURRENCIES, OFFER_KINDS, type AppointmentType, type Currency, type OfferKind } from "@coach/db/enums";
import { refundScheduleProblems, type RefundTier } from "@coach/payments/policy";
import { jsonBoolean } from "./json-boolean";
import { boundedDateFromText, numberFromText } from "./text-or-json";

const whole = (label: string, min: number, max: number) =>
  numberFromText(
    z
      .number({ message: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} can be at most ${max}.`),
  );

export const moneyInput = z.object(
  {
    amount: whole("The amount (in cents)", 1, 100_000_000),
    currency: z.enum(CURRENCIES, { message: `currency is one of ${CURRENCIES.join(", ")}.` }),
  },
  { message: "A price is { amount, currency }, the amount in cents." },
);

const refundTier = z.object({
  daysBefore: whole("daysBefore", 0, 3650),
  percent: whole("percent", 0, 100),
});

/** Every field an offer may have; which are required depends on its kind (offerProblems). */
const offerFields = {
  kind: z.enum(OFFER_KINDS, { message: "kind is session, package or retreat." }),
  title: z
    .string({ message: "Give the offer a title." })
    .trim()
    .min(3, "A title needs at least 3 characters.")
    .max(120, "A title can be at most 120 characters."),
  appointmentType: z.enum(APPOINTMENT_TYPES, { message: `appointmentType is one of ${APPOINTMENT_TYPES.join(", ")}.` }).nullable(),
  sessions: whole("sessions", 1, 100).nullable(),
  validDays: whole("validDays", 1, 1095).nullable(),
  price: moneyInput,
  deposit: moneyInput.nullable(),
  places: whole("places", 1, 500).nullable(),
  balanceDueDays: whole("balanceDueDays", 0, 365).nullable(),
  startsAt: boundedDateFromText("startsAt").nullable(),
  refundSchedule: z.array(refundTier).max(10, "A refund schedule has at most 10 tiers."),
  active: jsonBoolean("active must be true or false."),
};

export interface OfferValues {
  kind: OfferKind;
  title: string;
  appointmentType: AppointmentType | null;
  sessions: number | null;
  validDays: number | null;
  price: { amount: number; currency: Currency };
  deposit: { amount: number; currency: Currency } | null;
  places: number | null;
  balanceDueDays: number | null;
  startsAt: Date | null;
  refundSchedule: RefundTier[];
  active: boolean;
}

/** What is wrong with a whole offer, as messages on the field to fix (empty when it can be saved). */
export function offerProblems(o: OfferValues): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const need = (ok: boolean, path: string, message: string) => ok || problems.push({ path, message });
  if (o.kind === "retreat") {
    need(
      o.appointmentType === null && o.sessions === null && o.validDays === null,
      "appointmentType",
      "A retreat has no appointmentType, sessions or validDays.",
    );
    need(o.deposit !== null, "deposit", "A retreat needs a deposit: { amount, currency }.");
    if (o.deposit) {
      need(o.deposit.currency === o.price.currency, "deposit", "The deposit must be in the price's currency.");
      need(o.deposit.amount <= o.price.amount, "deposit", "The deposit cannot be more than the price.");
    }
    need(o.places !== null, "places", "A retreat needs its number of places.");
    need(o.balanceDueDays !== null, "balanceDueDays", "A retreat needs balanceDueDays: how many days before the start the balance is due.");
    need(o.startsAt !== null, "startsAt", "A retreat needs its start (startsAt).");
    for (const message of refundScheduleProblems(o.refundSchedule)) problems.push({ path: "refundSchedule", message });
    return problems;
  }
  need(o.appointmentType !== null, "appointmentType", `A ${o.kind} needs the appointmentType it books.`);
  need(
    o.deposit === null && o.places === null && o.balanceDueDays === null && o.startsAt === null && o.refundSchedule.length === 0,
    "deposit",
    "Only a retreat has a deposit, places, balanceDueDays, startsAt or a refund schedule.",
  );
  if (o.kind === "session") {
    need(o.sessions === null || o.sessions === 1, "sessions", "A single session has sessions: 1 (use a package for more).");
    need(o.validDays === null, "validDays", "A single session has no validDays (a package's credits expire).");
  } else {
    need(o.sessions !== null, "sessions", "A package needs its number of sessions.");
    need(o.validDays !== null, "validDays", "A package needs validDays: how long its credits stay valid.");
  }
  return problems;
}

const withRules = <T extends z.ZodType<OfferValues>>(schema: T) =>
  schema.superRefine((offer, ctx) => {
    for (const problem of offerProblems(offer)) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
  });

/** `POST /api/admin/offers`: the fields of `GET /api/offers` less `id`, plus a retreat's. Absent optional fields are null. */
export const offerInput = withRules(
  z.object({
    ...offerFields,
    appointmentType: offerFields.appointmentType.default(null),
    sessions: offerFields.sessions.default(null),
    validDays: offerFields.validDays.default(null),
    deposit: offerFields.deposit.default(null),
    places: offerFields.places.default(null),
    balanceDueDays: offerFields.balanceDueDays.default(null),
    startsAt: offerFields.startsAt.default(null),
    refundSchedule: offerFields.refundSchedule.default([]),
    active: offerFields.active.default(true),
  }),
);
export type OfferInput = z.input<typeof offerInput>;

/** `PATCH /api/admin/offers/{id}`: any of the fields (the kind cannot change); the merged offer must pass offerProblems. */
export const offerPatch = z.object({
  ...(Object.fromEntries(Object.entries(offerFields).map(([k, v]) => [k, v.optional()])) as {
    [K in Exclude<keyof typeof offerFields, "kind">]: z.ZodOptional<(typeof offerFields)[K]>;
  }),
  kind: z.never({ message: "The kind of an offer cannot change; create a new offer instead." }).optional(),
});
export type OfferPatch = z.output<typeof offerPatch>;
