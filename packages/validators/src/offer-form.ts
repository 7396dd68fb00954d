/**
 * The console's offer form (issue 31): what the coach types, as text, and how it becomes the body of
 * `admin.offers.create` / `update` (the REST `POST|PATCH /api/admin/offers` share them). Prices are typed
 * in the currency's major unit ("900.50") and sent in its minor unit (90050); the rules that tie fields
 * together are payments.ts's `offerProblems`, run here on the converted offer, so the form and the
 * server refuse the same offers with the same messages.
 */
import { z } from "zod";
import { APPOINTMENT_TYPES, CURRENCIES, OFFER_KINDS, type AppointmentType, type Currency, type OfferKind } from "@coach/db/enums";
import { minorUnitFactor } from "@coach/payments/policy";
import { offerProblems, type OfferValues } from "./payments";
import { inSupportedYears } from "./text-or-json";

export interface OfferFormValues {
  kind: OfferKind;
  title: string;
  appointmentType: AppointmentType;
  price: string;
  currency: Currency;
  sessions: string;
  validDays: string;
  deposit: string;
  places: string;
  balanceDueDays: string;
  /** A `datetime-local` value in the coach's own time zone, e.g. "2027-05-03T09:00". */
  startsAt: string;
  refundSchedule: { daysBefore: string; percent: string }[];
  active: boolean;
}

/** An offer as the console lists it (admin.offers.list), enough to fill the form for editing. */
export interface OfferLike extends Omit<OfferValues, "startsAt"> {
  startsAt: Date | string | null;
}

const WHOLE = /^\d+$/;
const MAJOR = /^\d+(\.\d{1,2})?$/;

/** Minor units of a typed amount ("900.5" is 90050 cents), or undefined when it is not one. */
export function minorUnits(text: string, currency: Currency): number | undefined {
  const value = text.trim().replace(/,/g, "");
  const factor = minorUnitFactor(currency);
  if (!(factor === 1 ? WHOLE : MAJOR).test(value)) return undefined;
  return Math.round(Number(value) * factor);
}

/** A minor-unit amount as the form shows it: 90050 is "900.50", 90000 is "900". */
export function majorUnits(amount: number, currency: Currency): string {
  const factor = minorUnitFactor(currency);
  return amount % factor === 0 ? String(amount / factor) : (amount / factor).toFixed(2);
}

const whole = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : undefined);

/** The `datetime-local` text of a date, in the local time zone (the browser's: the coach's). */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What the request sends: the offer in minor units (unparseable fields become null, for offerProblems to name). */
export function offerFromForm(v: OfferFormValues): OfferValues {
  const money = (text: string) => {
    const amount = minorUnits(text, v.currency);
    return amount === undefined ? null : { amount, currency: v.currency };
  };
  const retreat = v.kind === "retreat";
  const starts = v.startsAt ? new Date(v.startsAt) : null;
  return {
    kind: v.kind,
    title: v.title.trim(),
    appointmentType: retreat ? null : v.appointmentType,
    sessions: v.kind === "package" ? (whole(v.sessions) ?? null) : v.kind === "session" ? 1 : null,
    validDays: v.kind === "package" ? (whole(v.validDays) ?? null) : null,
    price: money(v.price) ?? { amount: 0, currency: v.currency },
    deposit: retreat ? money(v.deposit) : null,
    places: retreat ? (whole(v.places) ?? null) : null,
    balanceDueDays: retreat ? (whole(v.balanceDueDays) ?? null) : null,
    startsAt: retreat && starts && !Number.isNaN(starts.getTime()) ? starts : null,
    refundSchedule: retreat
      ? v.refundSchedule.map((t) => ({ daysBefore: whole(t.daysBefore) ?? -1, percent: whole(t.percent) ?? -1 }))
      : [],
    active: v.active,
  };
}

/** The form filled from an existing offer (editing), or with a new offer's defaults. */
export function offerFormValues(offer?: OfferLike): OfferFormValues {
  if (!offer)
    return {
      kind: "package",
      title: "",
      appointmentType: "coaching",
      price: "",
      currency: "usd",
      sessions: "6",
      validDays: "120",
      deposit: "",
      places: "12",
      balanceDueDays: "45",
      startsAt: "",
      refundSchedule: [
        { daysBefore: "60", percent: "100" },
        { daysBefore: "30", percent: "50" },
      ],
      active: true,
    };
  const currency = offer.price.currency;
  return {
    kind: offer.kind,
    title: offer.title,
    appointmentType: offer.appointmentType ?? "coaching",
    price: majorUnits(offer.price.amount, currency),
    currency,
    sessions: String(offer.sessions ?? ""),
    validDays: String(offer.validDays ?? ""),
    deposit: offer.deposit ? majorUnits(offer.deposit.amount, currency) : "",
    places: String(offer.places ?? ""),
    balanceDueDays: String(offer.balanceDueDays ?? ""),
    startsAt: offer.startsAt ? localDateTime(new Date(offer.startsAt)) : "",
    refundSchedule: offer.refundSchedule.map((t) => ({ daysBefore: String(t.daysBefore), percent: String(t.percent) })),
    active: offer.active,
  };
}

type Issue = { path: (string | number)[]; message: string };

/** The checks a field can make on its own text, with the form's words (units, not cents). */
function fieldIssues(v: OfferFormValues): Issue[] {
  const issues: Issue[] = [];
  const range = (name: keyof OfferFormValues, label: string, min: number, max: number) => {
    const n = whole(String(v[name]));
    if (n === undefined || n < min || n > max)
      issues.push({ path: [name], message: `${label} must be a whole number from ${min} to ${max}.` });
  };
  const money = (name: "price" | "deposit", label: string) => {
    const amount = minorUnits(v[name], v.currency);
    const decimals = minorUnitFactor(v.currency) === 1 ? "with no decimals" : "with at most two decimals";
    if (amount === undefined) issues.push({ path: [name], message: `${label} must be an amount ${decimals}, for example 900.` });
    else if (amount < 1 || amount > 100_000_000)
      issues.push({ path: [name], message: `${label} must be more than 0 and at most 1,000,000.` });
  };
  money("price", "The price");
  if (v.kind === "package") {
    range("sessions", "Sessions", 1, 100);
    range("validDays", "Valid for (days)", 1, 1095);
  }
  if (v.kind === "retreat") {
    money("deposit", "The deposit");
    range("places", "Places", 1, 500);
    range("balanceDueDays", "Balance due (days before the start)", 0, 365);
    const starts = new Date(v.startsAt);
    if (!v.startsAt || Number.isNaN(starts.getTime()) || !inSupportedYears(starts))
      issues.push({ path: ["startsAt"], message: "Give the retreat's start date and time." });
    v.refundSchedule.forEach((tier, i) => {
      const days = whole(tier.daysBefore);
      const percent = whole(tier.percent);
      if (days === undefined || days > 3650)
        issues.push({ path: ["refundSchedule", i, "daysBefore"], message: "Days before the start must be a whole number from 0 to 3650." });
      if (percent === undefined || percent > 100)
        issues.push({ path: ["refundSchedule", i, "percent"], message: "The refund must be a whole percent from 0 to 100." });
    });
  }
  return issues;
}

/** The console's offer form: each field's own checks, then the whole offer's rules (offerProblems). */
export const offerFormSchema = z
  .object({
    kind: z.enum(OFFER_KINDS),
    title: z.string().trim().min(3, "A title needs at least 3 characters.").max(120, "A title can be at most 120 characters."),
    appointmentType: z.enum(APPOINTMENT_TYPES),
    price: z.string(),
    currency: z.enum(CURRENCIES),
    sessions: z.string(),
    validDays: z.string(),
    deposit: z.string(),
    places: z.string(),
    balanceDueDays: z.string(),
    startsAt: z.string(),
    refundSchedule: z.array(z.object({ daysBefore: z.string(), percent: z.string() })).max(10, "A refund schedule has at most 10 tiers."),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issues = fieldIssues(v);
    // The rules across fields only once each field reads: "a retreat needs a deposit" says nothing new
    // next to "the deposit must be an amount".
    if (issues.length === 0) for (const p of offerProblems(offerFromForm(v))) issues.push({ path: [p.path], message: p.message });
    for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
