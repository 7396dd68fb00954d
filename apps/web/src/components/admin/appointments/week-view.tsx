import { Button } from "@coach/ui/button";
import { formatTime } from "~/components/appointments/use-time-zone";
import { DAY, type Booking } from "./booking";

/** Monday 00:00 (local) of the week containing `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
}

/** Monday to Sunday of one week, each day's bookings in the coach's zone. */
export function WeekView({
  week,
  onWeek,
  items,
  coachZone,
}: {
  week: Date;
  onWeek: (d: Date) => void;
  items: Booking[];
  coachZone: string;
}) {
  const days = Array.from({ length: 7 }, (_, i) => new Date(week.getTime() + i * DAY));
  const key = (d: Date | string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: coachZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(d));
  const localKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return (
    <div>
      <div className="mb-3 flex items-center gap-3">
        <Button size="sm" variant="outline" onClick={() => onWeek(new Date(week.getTime() - 7 * DAY))}>
          Previous week
        </Button>
        <p className="font-medium text-slate-900" aria-live="polite">
          Week of {new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(week)}
        </p>
        <Button size="sm" variant="outline" onClick={() => onWeek(new Date(week.getTime() + 7 * DAY))}>
          Next week
        </Button>
      </div>
      <div className="grid gap-2 md:grid-cols-7">
        {days.map((d) => {
          const today = items
            .filter((b) => key(b.startTime) === localKey(d))
            .sort((a, b) => +new Date(a.startTime) - +new Date(b.startTime));
          return (
            <section
              key={d.toISOString()}
              aria-label={new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" }).format(d)}
              className="min-h-24 rounded border border-slate-200 bg-white p-2"
            >
              <h3 className="text-sm font-semibold text-slate-900">
                {new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric" }).format(d)}
              </h3>
              <ul className="mt-1 space-y-1">
                {today.map((b) => (
                  <li
                    key={b.id}
                    className={`rounded px-1 py-0.5 text-xs ${b.status === "canceled" ? "bg-slate-100 text-slate-600 line-through" : b.syncConflict ? "bg-amber-100 text-amber-900" : "bg-brand-50 text-brand-900"}`}
                  >
                    {formatTime(b.startTime, coachZone)} {b.client.name}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
