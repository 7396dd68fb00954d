/**
 * Public holidays, from the maintained `date-holidays` calendars (server only: its data is large,
 * so it has its own entry point, `@coach/scheduling/holidays`, and never reaches a browser bundle).
 * Only days of type "public" close the practice; observances and bank-only days stay open.
 */
import Holidays from "date-holidays";
import type { AvailabilitySettings } from "./settings";

export interface PublicHoliday {
  /** yyyy-MM-dd in the country's own calendar */
  date: string;
  name: string;
}

const byCountryYear = new Map<string, PublicHoliday[]>();

/** The public holidays of a country in one year (cached: the calendars do not change while we run). */
export function publicHolidays(country: string, year: number): PublicHoliday[] {
  const cacheKey = `${country}:${year}`;
  let list = byCountryYear.get(cacheKey);
  if (!list) {
    const calendar = new Holidays(country);
    const days = calendar.getHolidays(year) || [];
    const seen = new Set<string>();
    list = [];
    for (const day of days) {
      const date = day.date.slice(0, 10);
      if (day.type !== "public" || seen.has(date)) continue;
      seen.add(date);
      list.push({ date, name: day.name });
    }
    byCountryYear.set(cacheKey, list);
  }
  return list;
}

/** Countries the calendars know, as [code, English name], sorted by name. */
export function holidayCountries(): Array<[string, string]> {
  return Object.entries(new Holidays().getCountries("en")).sort((a, b) => a[1].localeCompare(b[1]));
}

/**
 * The settings with the closed public holidays filled in for the years a booking can reach (this
 * year to the year of the booking horizon), so slots and booking checks treat them as days off.
 */
export function withHolidayClosures(settings: AvailabilitySettings, now = new Date()): AvailabilitySettings {
  if (!settings.holidayCountry) return { ...settings, holidayClosures: [] };
  const first = now.getUTCFullYear();
  const last = new Date(now.getTime() + (settings.maxDaysAhead + 1) * 86_400_000).getUTCFullYear();
  const open = new Set(settings.openHolidays);
  const closures: string[] = [];
  for (let year = first; year <= last; year += 1) {
    for (const holiday of publicHolidays(settings.holidayCountry, year)) if (!open.has(holiday.date)) closures.push(holiday.date);
  }
  return { ...settings, holidayClosures: closures };
}
