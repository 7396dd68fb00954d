/**
 * The money rules, as pure functions (decision 27): amounts are integers in the currency's minor
 * unit (cents), never floats; a day is 24 hours counted back from the start instant, so the rules
 * do not depend on the server's zone. Safe in client code (no imports), so a page can show the
 * amount before the client confirms a cancellation.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** One tier of a refund schedule: a cancellation at least `daysBefore` whole days before the start gets `percent` back. */
export interface RefundTier {
  daysBefore: number;
  percent: number;
}

/**
 * Whole days between `now` and `startsAt`, rounded down: 29 days and 23 hours before is 29 days.
 * Negative once the start has passed.
 */
export function daysBefore(startsAt: Date, now: Date): number {
  return Math.floor((startsAt.getTime() - now.getTime()) / DAY_MS);
}

/**
 * The tier that applies `now`: the one with the largest `daysBefore` the cancellation still reaches
 * (the boundary day belongs to the tier: exactly 60 days before gets the 60-day tier). No tier
 * reached, or the start passed: 0 percent.
 */
export function refundPercent(schedule: readonly RefundTier[], startsAt: Date, now: Date): number {
  const days = daysBefore(startsAt, now);
  if (days < 0) return 0;
  let best: RefundTier | undefined;
  for (const tier of schedule) if (tier.daysBefore <= days && (!best || tier.daysBefore > best.daysBefore)) best = tier;
  return best?.percent ?? 0;
}

/**
 * What a cancellation refunds of what was paid (deposit plus any balance), less what was already
 * refunded. Rounded down to the minor unit, so a refund never exceeds the stated percent.
 */
export function refundAmount(input: {
  schedule: readonly RefundTier[];
  startsAt: Date;
  now: Date;
  paid: number;
  alreadyRefunded?: number;
}): { percent: number; amount: number } {
  const percent = refundPercent(input.schedule, input.startsAt, input.now);
  const due = Math.floor((input.paid * percent) / 100);
  return { percent, amount: Math.max(0, due - (input.alreadyRefunded ?? 0)) };
}

/** A schedule's problems in words (empty when valid): distinct days, percents 0-100, more back when earlier. */
export function refundScheduleProblems(schedule: readonly RefundTier[]): string[] {
  const problems: string[] = [];
  const sorted = [...schedule].sort((a, b) => b.daysBefore - a.daysBefore);
  for (const tier of sorted) {
    if (!Number.isInteger(tier.daysBefore) || tier.daysBefore < 0) problems.push("daysBefore must be a whole number of days, 0 or more.");
    if (!Number.isInteger(tier.percent) || tier.percent < 0 || tier.percent > 100)
      problems.push("percent must be a whole number from 0 to 100.");
  }
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.daysBefore === sorted[i - 1]!.daysBefore) problems.push(`Two refund tiers name ${sorted[i]!.daysBefore} days.`);
    else if (sorted[i]!.percent > sorted[i - 1]!.percent) problems.push("A later cancellation cannot get more back than an earlier one.");
  }
  return [...new Set(problems)];
}

/** When the retreat's balance is due: `balanceDueDays` days before the start. */
export function balanceDueDate(startsAt: Date, balanceDueDays: number): Date {
  return new Date(startsAt.getTime() - balanceDueDays * DAY_MS);
}

/** The balance still owed after the deposit (never negative). */
export function balanceAmount(price: number, deposit: number): number {
  return Math.max(0, price - deposit);
}

/**
 * Whether the balance invoice goes out now: once its due date is reached and the start is still
 * ahead. An application accepted after the due date pays the balance at once (the job sends it).
 */
export function balanceInvoiceDue(startsAt: Date, balanceDueDays: number, now: Date): boolean {
  return now.getTime() >= balanceDueDate(startsAt, balanceDueDays).getTime() && now.getTime() < startsAt.getTime();
}

/** When a package's credits expire: `validDays` days after they were granted. */
export function creditExpiry(grantedAt: Date, validDays: number): Date {
  return new Date(grantedAt.getTime() + validDays * DAY_MS);
}

/** Days before expiry the client is reminded of unused credits (the 14). */
export const CREDIT_REMINDER_DAYS = 14;

/** Whether the expiry reminder is due: within 14 days of expiry, before it. */
export function creditReminderDue(expiresAt: Date, now: Date): boolean {
  const left = expiresAt.getTime() - now.getTime();
  return left > 0 && left <= CREDIT_REMINDER_DAYS * DAY_MS;
}

/** Whether a grant can still be used `now` (expiry is exclusive: at the instant it expires it is gone). */
export function creditUsable(grant: { total: number; used: number; expiresAt: Date | null }, now: Date): boolean {
  return grant.used < grant.total && (grant.expiresAt === null || grant.expiresAt.getTime() > now.getTime());
}

/** Currencies whose minor unit is the unit itself (Stripe's zero-decimal list, the ones a practice may use). */
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

/** Minor units per major unit: 100 for USD/EUR, 1 for JPY. */
export function minorUnitFactor(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100;
}

/** An amount for people: `formatMoney(850000, "usd")` is "$8,500.00". */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amount / minorUnitFactor(currency));
}
