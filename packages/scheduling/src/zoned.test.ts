import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { addDays, dayClock, localDateKey } from "./zoned";

// The engine does its own offset math for speed; check it against @date-fns/tz, so a
// 09:00 slot is 09:00 for the coach in zones with unusual offsets and DST rules too.
describe("wall-clock conversion agrees with @date-fns/tz", () => {
  const zones = ["America/New_York", "Europe/London", "Asia/Kathmandu", "Australia/Lord_Howe", "Africa/Cairo"];

  it.each(zones)("every day of 2026 in %s", (tz) => {
    for (let day = "2026-01-01"; day < "2027-01-01"; day = addDays(day, 1)) {
      const [y, m, d] = day.split("-").map(Number);
      const clock = dayClock(day, tz);
      for (const minutes of [0, 150, 540, 1020, 1410]) {
        const ref = new TZDate(y!, m! - 1, d!, Math.floor(minutes / 60), minutes % 60, tz);
        const exists = ref.getDate() === d && ref.getHours() * 60 + ref.getMinutes() === minutes;
        // A fall-back hour happens twice; the engine takes the first (as Temporal's "compatible" does).
        const sameWall = (t: number) => {
          const x = new TZDate(t, tz);
          return x.getDate() === d && x.getHours() * 60 + x.getMinutes() === minutes;
        };
        const first = [ref.getTime() - 3_600_000, ref.getTime() - 1_800_000, ref.getTime()].find(sameWall);
        expect(clock.at(minutes), `${tz} ${day} +${minutes}min`).toBe(exists ? first : null);
        if (exists) expect(localDateKey(ref.getTime(), tz)).toBe(day);
      }
    }
  });
});
