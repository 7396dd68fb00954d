import { Button } from "@coach/ui/button";
import type { AvailabilitySettings, TimeInterval } from "@coach/scheduling";
import { input, type EditSettings } from "./edit-settings";

const WORKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

/** The hours the coach works on each weekday, as any number of intervals (none: not working that day). */
export function WeeklyHours({ weeklyHours, onChange }: { weeklyHours: AvailabilitySettings["weeklyHours"]; onChange: EditSettings }) {
  const setDay = (day: (typeof WORKDAYS)[number], intervals: TimeInterval[]) =>
    onChange((v) => ({ ...v, weeklyHours: { ...v.weeklyHours, [day]: intervals } }));
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Weekly working hours</legend>
      <p className="text-sm text-slate-700">Saturdays and Sundays are never offered for booking.</p>
      {WORKDAYS.map((day) => {
        const intervals = weeklyHours[day];
        const name = day.charAt(0).toUpperCase() + day.slice(1);
        return (
          <div key={day} className="flex flex-wrap items-start gap-4 rounded-md border border-slate-200 p-3">
            <span className="w-28 pt-2 font-medium text-slate-900">{name}</span>
            <div className="flex-1 space-y-2">
              {intervals.length === 0 ? <p className="pt-2 text-sm text-slate-600">Not working</p> : null}
              {intervals.map((interval, index) => (
                <div key={index} className="flex flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`${day}-${index}-start`}>{`${name} start ${index + 1}`}</label>
                  <input
                    id={`${day}-${index}-start`}
                    type="time"
                    value={interval.start}
                    onChange={(e) =>
                      setDay(
                        day,
                        intervals.map((it, i) => (i === index ? { ...it, start: e.target.value } : it)),
                      )
                    }
                    className={`${input} w-32`}
                  />
                  <span aria-hidden="true">to</span>
                  <label className="sr-only" htmlFor={`${day}-${index}-end`}>{`${name} end ${index + 1}`}</label>
                  <input
                    id={`${day}-${index}-end`}
                    type="time"
                    value={interval.end === "24:00" ? "23:59" : interval.end}
                    onChange={(e) =>
                      setDay(
                        day,
                        intervals.map((it, i) => (i === index ? { ...it, end: e.target.value } : it)),
                      )
                    }
                    className={`${input} w-32`}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      setDay(
                        day,
                        intervals.filter((_, i) => i !== index),
                      )
                    }
                    aria-label={`Remove ${name} hours ${interval.start} to ${interval.end}`}
                  >
                    Remove
                  </Button>
                </div>
              ))}
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDay(day, [...intervals, { start: intervals.at(-1)?.end ?? "09:00", end: "17:00" }])}
              aria-label={`Add hours on ${name}`}
            >
              Add hours
            </Button>
          </div>
        );
      })}
    </fieldset>
  );
}
