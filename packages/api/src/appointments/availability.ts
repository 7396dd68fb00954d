/** The coach's scheduling settings (working hours, lengths, buffer, horizon), stored in app_settings. */
import { eq, schema, type Database } from "@coach/db";
import { parseAvailability, safeParseAvailability, type AvailabilitySettings } from "@coach/scheduling";
import { holidayCountries, publicHolidays, withHolidayClosures, type PublicHoliday } from "@coach/scheduling/holidays";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";

export const AVAILABILITY_KEY = "availability";

/**
 * The coach's availability, complete with defaults, and with the public holidays she has not opened
 * marked closed; a stored value that no longer validates falls back to the defaults.
 */
export async function loadAvailability(db: Database): Promise<AvailabilitySettings> {
  const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, AVAILABILITY_KEY));
  const parsed = safeParseAvailability(row?.value);
  if (!parsed.success) {
    log("warn", "stored availability settings are invalid; using defaults", { issues: parsed.error.issues.length });
    return withHolidayClosures(parseAvailability(undefined));
  }
  return withHolidayClosures(parsed.data);
}

export async function saveAvailability(db: Database, actor: AuditActor, input: AvailabilitySettings): Promise<AvailabilitySettings> {
  if (input.holidayCountry && !holidayCountries().some(([code]) => code === input.holidayCountry)) {
    throw new DomainError(
      "BAD_REQUEST",
      `There is no public-holiday calendar for "${input.holidayCountry}". Choose a country from the list, or none.`,
    );
  }
  // The closures are derived from the country and the open days; only those two are stored.
  const { holidayClosures: _derived, ...stored } = input;
  const value = stored as unknown as Record<string, unknown>;
  await db
    .insert(schema.appSettings)
    .values({ key: AVAILABILITY_KEY, value })
    .onConflictDoUpdate({ target: schema.appSettings.key, set: { value, updatedAt: new Date() } });
  await recordAudit(db, actor, "settings.availability.update", { type: "app_settings", id: AVAILABILITY_KEY, details: value });
  return input;
}

/** For the settings page: the countries with a calendar, and a country's public holidays this year and next. */
export function holidayCalendar(
  country: string | null,
  now = new Date(),
): { countries: Array<{ code: string; name: string }>; holidays: PublicHoliday[] } {
  const countries = holidayCountries().map(([code, name]) => ({ code, name }));
  if (!country || !countries.some((c) => c.code === country)) return { countries, holidays: [] };
  const year = now.getUTCFullYear();
  return { countries, holidays: [...publicHolidays(country, year), ...publicHolidays(country, year + 1)] };
}
