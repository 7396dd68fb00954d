/**
 * The coach's current week (Monday to Monday in her zone) as two instants, for "seen this week".
 * Her zone, not the server's or UTC: a Sunday-evening session in New York is in her week even
 * though it is Monday in UTC. The zone arithmetic is the scheduling engine's (DST included).
 */
import { addDayKeys, dayClock, localDateKey, weekdayOf } from "@coach/scheduling";

/** The instant a calendar day ("yyyy-mm-dd") starts in a zone. */
function startOfDay(key: string, timeZone: string): Date {
  return new Date(dayClock(key, timeZone).atOrAfter(0));
}

export function coachWeek(now: Date, timeZone: string): { from: Date; to: Date; today: string } {
  const today = localDateKey(now.getTime(), timeZone);
  const monday = addDayKeys(today, -((weekdayOf(today) + 6) % 7));
  return { from: startOfDay(monday, timeZone), to: startOfDay(addDayKeys(monday, 7), timeZone), today };
}
