/**
 * What the site itself can count for the coach over a period: conversions per week, assessments
 * started and completed, result distributions, and the reliability of every scale with its 90%
 * interval and item statistics, over people (each person's latest attempt in the period), and the
 * attendance of the sessions held in the period (with its N; a rate only from MIN_SESSIONS_FOR_RATE).
 */
import { and, asc, eq, gte, isNotNull, lt, ne, schema, type Database } from "@coach/db";
import { APPOINTMENT_TYPES, type TestType } from "@coach/db/enums";
import { APPOINTMENT_TYPE_LABELS } from "@coach/scheduling";
import {
  EQ_CATEGORIES,
  EQ_CATEGORY_LABELS,
  IQ_BANDS,
  LEADERSHIP_STYLE_LABELS,
  LEADERSHIP_STYLES,
  MIN_RESPONDENTS_FOR_RELIABILITY,
  PERSONALITY_AXES,
  instrumentStatistics,
  iqBand,
} from "@coach/assessments";
import { invalidatingFlags } from "@coach/assessments/results";
import { latestAnswerSets, publishedReliability, scorableQuestions } from "../assessments/psychometrics";
import { displayName } from "../users/service";
import type { AnalyticsOverview } from "./shapes";

export { analyticsOverview, type AnalyticsOverview } from "./shapes";
import { DAY_MS, MIN_SESSIONS_FOR_RATE, attendanceFigures, completionRate, countBy, countByWeek, mean, parseDay } from "./stats";

/** How a leadership result without a primary style (none beyond measurement error) is counted. */
export const NO_DOMINANT_STYLE_LABEL = "No single dominant style";

/** How many clients with no-shows the overview lists (most no-shows first). */
const NO_SHOW_CLIENTS_LISTED = 10;

function scaleLabel(type: string, scale: string): string {
  if (type === "eq") return EQ_CATEGORY_LABELS[scale as keyof typeof EQ_CATEGORY_LABELS] ?? scale;
  if (type === "leadership") return LEADERSHIP_STYLE_LABELS[scale as keyof typeof LEADERSHIP_STYLE_LABELS] ?? scale;
  if (type === "personality") return PERSONALITY_AXES.find((a) => a.key === scale)?.label ?? scale;
  if (type === "iq") return "Total (all items)";
  return scale;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

async function reliabilityByScale(
  db: Database,
  tests: readonly { id: number; title: string; type: TestType }[],
  period: { from: Date; to: Date },
): Promise<AnalyticsOverview["reliability"]> {
  const perTest = await Promise.all(
    tests.map(async (test) => {
      const [questions, answerSets] = await Promise.all([scorableQuestions(db, test.id), latestAnswerSets(db, test.id, period)]);
      const byId = new Map(questions.map((q) => [q.id, q]));
      return instrumentStatistics(test.type, questions, answerSets).map((s) => {
        const published = publishedReliability(test.type, s);
        return {
          testId: test.id,
          testTitle: test.title,
          testType: test.type,
          scale: s.scale,
          label: scaleLabel(test.type, s.scale),
          items: s.items,
          n: s.n,
          coefficient: test.type === "iq" ? ("kr20" as const) : ("alpha" as const),
          alpha: published?.value ?? null,
          low: published?.low ?? null,
          high: published?.high ?? null,
          level: 0.9,
          itemStatistics: s.itemStatistics.map((item) => {
            const q = byId.get(Number(item.questionId));
            return {
              questionId: Number(item.questionId),
              order: q?.order ?? item.index + 1,
              text: q?.text ?? "",
              mean: round3(item.mean),
              itemRest: item.itemRest === null ? null : round3(item.itemRest),
              flags: item.flags,
            };
          }),
        };
      });
    }),
  );
  return perTest.flat();
}

/** The overview for a period (whole UTC days, both ends included). */
export async function analyticsForPeriod(db: Database, input: { from: string; to: string }): Promise<AnalyticsOverview> {
  const from = parseDay(input.from);
  const end = new Date(parseDay(input.to).getTime() + DAY_MS); // exclusive
  const last = new Date(end.getTime() - 1);
  const within = (column: Parameters<typeof gte>[0]) => and(gte(column, from), lt(column, end));
  const { users, testAttempts: attempts, tests, appointments, emailSubscribers: subs } = schema;

  const [accountRows, bookedRows, subscribedRows, unsubscribedRows, testRows, startedRows, completedRows] = await Promise.all([
    db.select({ at: users.createdAt }).from(users).where(within(users.createdAt)),
    db.select({ at: appointments.createdAt, status: appointments.status }).from(appointments).where(within(appointments.createdAt)),
    db.select({ at: subs.createdAt }).from(subs).where(within(subs.createdAt)),
    db.select({ at: subs.unsubscribedAt }).from(subs).where(within(subs.unsubscribedAt)),
    db.select({ id: tests.id, title: tests.title, type: tests.type }).from(tests).orderBy(asc(tests.id)),
    db.select({ testId: attempts.testId, completedAt: attempts.completedAt }).from(attempts).where(within(attempts.startedAt)),
    db
      .select({
        id: attempts.id,
        testId: attempts.testId,
        score: attempts.score,
        resultType: attempts.resultType,
        resultData: attempts.resultData,
      })
      .from(attempts)
      .where(and(isNotNull(attempts.completedAt), within(attempts.completedAt))),
  ]);

  // ---- conversions per week
  const canceled = bookedRows.filter((r) => r.status === "canceled");
  const weekly = {
    accounts: countByWeek(
      accountRows.map((r) => r.at),
      from,
      last,
    ),
    booked: countByWeek(
      bookedRows.map((r) => r.at),
      from,
      last,
    ),
    canceled: countByWeek(
      canceled.map((r) => r.at),
      from,
      last,
    ),
    gained: countByWeek(
      subscribedRows.map((r) => r.at),
      from,
      last,
    ),
    lost: countByWeek(
      unsubscribedRows.map((r) => r.at!),
      from,
      last,
    ),
  };
  const weeks = [...weekly.accounts.keys()].map((week) => ({
    week,
    accounts: weekly.accounts.get(week) ?? 0,
    booked: weekly.booked.get(week) ?? 0,
    canceled: weekly.canceled.get(week) ?? 0,
    gained: weekly.gained.get(week) ?? 0,
    lost: weekly.lost.get(week) ?? 0,
  }));

  // ---- assessments per test
  const testById = new Map(testRows.map((t) => [t.id, t]));
  const perTest = testRows.map((t) => {
    const started = startedRows.filter((a) => a.testId === t.id);
    const completed = started.filter((a) => a.completedAt !== null).length;
    return {
      testId: t.id,
      title: t.title,
      type: t.type,
      started: started.length,
      completed,
      completionRate: completionRate(started.length, completed),
    };
  });

  // ---- result distributions (attempts completed in the period)
  // A flagged result ("Not a measurement": straight-lining, careless, chance-level) is no score: it is
  // counted apart, never as a type, band, average or style.
  const ofType = (type: string) => completedRows.filter((a) => testById.get(a.testId)?.type === type);
  const notMeasured = (type: string) => ofType(type).filter((a) => invalidatingFlags(a.resultData).length > 0).length;
  const byType = (type: string) => ofType(type).filter((a) => invalidatingFlags(a.resultData).length === 0);
  const personality = byType("personality").filter((a) => a.resultType);
  const iq = byType("iq").filter((a) => typeof a.score === "number");
  const emotional = byType("eq");
  const leadership = byType("leadership");
  const eqScores = (category: string) =>
    emotional
      .map((a) => (a.resultData as { categories?: Record<string, unknown> } | null)?.categories?.[category])
      .filter((v): v is number => typeof v === "number");
  const primaryStyle = (a: (typeof leadership)[number]) => {
    const primary = (a.resultData as { primary?: string } | null)?.primary;
    return primary ? (LEADERSHIP_STYLE_LABELS[primary as keyof typeof LEADERSHIP_STYLE_LABELS] ?? primary) : (a.resultType ?? "Unknown");
  };
  const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  const distributions = {
    personality: { n: personality.length, notMeasured: notMeasured("personality"), items: countBy(personality.map((a) => a.resultType!)) },
    iq: {
      n: iq.length,
      notMeasured: notMeasured("iq"),
      items: countBy(
        iq.map((a) => iqBand(a.score!).label),
        [...IQ_BANDS].reverse().map((b) => b.label),
      ),
    },
    eq: {
      n: emotional.length,
      notMeasured: notMeasured("eq"),
      items: EQ_CATEGORIES.map((c) => ({ label: EQ_CATEGORY_LABELS[c], average: round1(mean(eqScores(c))) })),
    },
    leadership: {
      n: leadership.length,
      notMeasured: notMeasured("leadership"),
      items: countBy(
        leadership.map(primaryStyle),
        LEADERSHIP_STYLES.map((s) => LEADERSHIP_STYLE_LABELS[s]),
      ),
    },
  };

  // ---- attendance of the sessions held in the period
  const attendance = await attendanceForPeriod(db, from, end);

  // ---- reliability and item statistics per scale, over people (latest measured attempt each, completed in the period)
  const reliability = await reliabilityByScale(db, testRows, { from, to: end });

  return {
    period: { from: input.from, to: input.to },
    totals: {
      accountsCreated: accountRows.length,
      assessmentsStarted: startedRows.length,
      assessmentsCompleted: perTest.reduce((s, t) => s + t.completed, 0),
      appointmentsBooked: bookedRows.length,
      appointmentsCanceled: canceled.length,
      subscribersGained: subscribedRows.length,
      subscribersLost: unsubscribedRows.length,
    },
    weeks,
    tests: perTest,
    distributions,
    reliability,
    minRespondents: MIN_RESPONDENTS_FOR_RELIABILITY,
    attendance,
  };
}

/** Sessions that started in [from, end) and were not canceled: attendance overall, per type, and who missed sessions. */
async function attendanceForPeriod(db: Database, from: Date, end: Date): Promise<AnalyticsOverview["attendance"]> {
  const { appointments, users } = schema;
  const until = new Date(Math.min(end.getTime(), Date.now()));
  const rows = await db
    .select({
      type: appointments.appointmentType,
      attendance: appointments.attendance,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(and(gte(appointments.startTime, from), lt(appointments.startTime, until), ne(appointments.status, "canceled")));

  const byClient = new Map<number, { id: number; name: string; values: (string | null)[] }>();
  for (const r of rows) {
    const entry = byClient.get(r.userId) ?? { id: r.userId, name: displayName(r), values: [] };
    entry.values.push(r.attendance);
    byClient.set(r.userId, entry);
  }
  const clientsWithNoShows = [...byClient.values()]
    .map((c) => ({ id: c.id, name: c.name, ...attendanceFigures(c.values) }))
    .filter((c) => c.noShows > 0)
    .sort((a, b) => b.noShows - a.noShows || a.name.localeCompare(b.name))
    .slice(0, NO_SHOW_CLIENTS_LISTED)
    .map(({ id, name, recorded, noShows }) => ({ id, name, recorded, noShows }));

  return {
    overall: attendanceFigures(rows.map((r) => r.attendance)),
    byType: APPOINTMENT_TYPES.map((type) => ({
      type,
      label: APPOINTMENT_TYPE_LABELS[type],
      ...attendanceFigures(rows.filter((r) => r.type === type).map((r) => r.attendance)),
    })),
    clientsWithNoShows,
    minSessions: MIN_SESSIONS_FOR_RATE,
  };
}
