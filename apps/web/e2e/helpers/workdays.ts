import { format } from "date-fns";
import { publicHolidays } from "@coach/scheduling/holidays";

/**
 * Whether the coach works on this calendar day with her default settings: a weekday that is not a
 * public holiday of her country (the United States; closed unless she opens it).
 */
export function isCoachWorkday(day: Date): boolean {
  if (day.getDay() === 0 || day.getDay() === 6) return false;
  const key = format(day, "yyyy-MM-dd");
  return !publicHolidays("US", day.getFullYear()).some((holiday) => holiday.date === key);
}
