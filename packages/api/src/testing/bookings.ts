/**
 * A fast factory of past coaching sessions with attendance, written straight into the database (bulk
 * inserts, no emails, no Google), for tests and the browser seed that need hundreds of bookings.
 * Sessions follow one another every few hours (never overlapping, as the exclusion constraint
 * demands), mostly coaching, some consultations, a few follow-ups (so one type stays below the
 * attendance-rate minimum); most are attended, some missed, some not recorded, a few canceled.
 */
import { schema, type Database } from "@coach/db";
import type { AppointmentType, Attendance } from "@coach/db/enums";
import { rng as generator } from "@coach/assessments/testing";

export interface SeedBookingsOptions {
  /** the clients (e.g. from seedRespondents) */
  userIds: readonly number[];
  sessions: number;
  /** the first session starts this many days before now (default 80) */
  daysBack?: number;
  seed?: number;
}

/** What was written, for a test to compare the figures it sees with. */
export interface SeededBookings {
  /** not canceled, started before now */
  held: number;
  attended: number;
  noShows: number;
  canceled: number;
  byType: Record<AppointmentType, { held: number; attended: number; noShows: number }>;
}

const LENGTH_MINUTES: Record<AppointmentType, number> = { consultation: 30, coaching: 60, followup: 45 };

export async function seedBookings(db: Database, options: SeedBookingsOptions): Promise<SeededBookings> {
  const rand = generator(options.seed ?? 1);
  const first = Date.now() - (options.daysBack ?? 80) * 86_400_000;
  const step = Math.floor((Date.now() - 3_600_000 - first) / options.sessions);
  if (step < 60 * 60_000) throw new Error("too many sessions for the days: they would overlap");
  const summary: SeededBookings = {
    held: 0,
    attended: 0,
    noShows: 0,
    canceled: 0,
    byType: {
      consultation: { held: 0, attended: 0, noShows: 0 },
      coaching: { held: 0, attended: 0, noShows: 0 },
      followup: { held: 0, attended: 0, noShows: 0 },
    },
  };
  const rows = Array.from({ length: options.sessions }, (_, i) => {
    const pick = rand();
    const type: AppointmentType = pick < 0.02 ? "followup" : pick < 0.22 ? "consultation" : "coaching";
    const start = new Date(first + i * step);
    const outcome = rand();
    const canceled = outcome < 0.05;
    const attendance: Attendance | null = canceled ? null : outcome < 0.82 ? "attended" : outcome < 0.92 ? "no-show" : null;
    if (canceled) summary.canceled++;
    else {
      summary.held++;
      summary.byType[type].held++;
      if (attendance === "attended") {
        summary.attended++;
        summary.byType[type].attended++;
      } else if (attendance === "no-show") {
        summary.noShows++;
        summary.byType[type].noShows++;
      }
    }
    return {
      userId: options.userIds[Math.floor(rand() * options.userIds.length)]!,
      title: "Seeded session",
      appointmentType: type,
      startTime: start,
      endTime: new Date(start.getTime() + LENGTH_MINUTES[type] * 60_000),
      status: canceled ? ("canceled" as const) : attendance === "attended" ? ("completed" as const) : ("scheduled" as const),
      attendance,
      attendanceMarkedAt: attendance ? new Date(start.getTime() + 2 * 3_600_000) : null,
      createdAt: new Date(start.getTime() - 7 * 86_400_000),
      timeChosenAt: new Date(start.getTime() - 7 * 86_400_000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(schema.appointments).values(rows.slice(i, i + 500));
  return summary;
}
