import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";
import { seedContent } from "@coach/db";
import { seedRespondents } from "../testing";
import type { AnalyticsOverview } from "./service";

/**
 * Seeded data with known answers. The period is two ISO weeks: Mon 2 March – Sun 15 March 2026.
 * Reliability by hand (the unit test of cronbachAlpha derives these):
 * - EQ empathy, 3 items (third reverse-keyed), the 5-row matrix
 *   [1,2,1] [2,2,3] [3,4,3] [4,4,5] [5,5,4] with every respondent twice (n = 10). Item variances
 *   2.5, 1.8, 2.2, total variance 17.3 for the 5 rows; duplicating every row scales all variances by
 *   the same factor, so α = 3/2 · (1 − 6.5/17.3) = 0.936.
 * - Personality EI, 2 items (the second points to I, so reverse-keyed), first two columns of that
 *   matrix twice: item variances 2.5 + 1.8 = 4.3, total variance 8.3, α = 2 · (1 − 4.3/8.3) = 0.964.
 * - EQ motivation: only 9 respondents answered both items → not enough responses (α hidden).
 */
const MATRIX = [
  [1, 2, 1],
  [2, 2, 3],
  [3, 4, 3],
  [4, 4, 5],
  [5, 5, 4],
];
const ROWS = [...MATRIX, ...MATRIX];

let handle: DbHandle;
let result: AnalyticsOverview;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  const coach = await createUser(db, { role: "admin" }); // created "now", outside the period

  // Accounts: two in week 1, one in week 2, one before the period.
  const people = await Promise.all(
    ["2026-03-02T08:00:00Z", "2026-03-08T23:59:59Z", "2026-03-15T12:00:00Z", "2026-02-20T12:00:00Z"].map((createdAt) =>
      createUser(db, { createdAt: at(createdAt) }),
    ),
  );
  const someone = people[0]!.user.id;

  // Appointments booked: two in week 1 (one since canceled), one in week 2, one after the period.
  const slot = (day: number) => ({ startTime: at(`2026-04-${10 + day}T10:00:00Z`), endTime: at(`2026-04-${10 + day}T10:30:00Z`) });
  await db.insert(schema.appointments).values([
    { userId: someone, title: "A", status: "scheduled", createdAt: at("2026-03-03T09:00:00Z"), ...slot(1) },
    { userId: someone, title: "B", status: "canceled", createdAt: at("2026-03-04T09:00:00Z"), ...slot(2) },
    { userId: someone, title: "C", status: "scheduled", createdAt: at("2026-03-10T09:00:00Z"), ...slot(3) },
    { userId: someone, title: "D", status: "scheduled", createdAt: at("2026-03-16T00:00:00Z"), ...slot(4) },
  ]);

  // Newsletter: two gained in week 1, one in week 2; one lost in week 2 (subscribed earlier).
  await db.insert(schema.emailSubscribers).values([
    { email: "n1@example.com", createdAt: at("2026-03-02T00:00:00Z") },
    { email: "n2@example.com", createdAt: at("2026-03-05T00:00:00Z") },
    { email: "n3@example.com", createdAt: at("2026-03-12T00:00:00Z") },
    { email: "n4@example.com", createdAt: at("2026-01-05T00:00:00Z"), isActive: false, unsubscribedAt: at("2026-03-11T00:00:00Z") },
  ]);

  const [eqTest, personalityTest, iqTest, leadershipTest] = await db
    .insert(schema.tests)
    .values([
      { slug: "eq", title: "EQ", description: "d", type: "eq" as const, timeEstimate: 15 },
      { slug: "personality", title: "Personality", description: "d", type: "personality" as const, timeEstimate: 15 },
      { slug: "iq", title: "IQ", description: "d", type: "iq" as const, timeEstimate: 20 },
      { slug: "leadership", title: "Leadership", description: "d", type: "leadership" as const, timeEstimate: 12 },
    ])
    .returning();
  const [e1, e2, e3, m1, m2] = await db
    .insert(schema.questions)
    .values([
      { testId: eqTest!.id, key: "e1", order: 1, text: "e1", type: "slider" as const, scoring: { scale: "empathy" } },
      { testId: eqTest!.id, key: "e2", order: 2, text: "e2", type: "slider" as const, scoring: { scale: "empathy", reverse: false } },
      { testId: eqTest!.id, key: "e3", order: 3, text: "e3", type: "slider" as const, scoring: { scale: "empathy", reverse: true } },
      { testId: eqTest!.id, key: "m1", order: 4, text: "m1", type: "slider" as const, scoring: { scale: "motivation" } },
      { testId: eqTest!.id, key: "m2", order: 5, text: "m2", type: "slider" as const, scoring: { scale: "motivation" } },
    ])
    .returning();
  const [p1, p2] = await db
    .insert(schema.questions)
    .values([
      {
        testId: personalityTest!.id,
        key: "p1",
        order: 1,
        text: "p1",
        type: "slider" as const,
        scoring: { scale: "EI", leftPole: "I", rightPole: "E" },
      },
      {
        testId: personalityTest!.id,
        key: "p2",
        order: 2,
        text: "p2",
        type: "slider" as const,
        scoring: { scale: "EI", leftPole: "E", rightPole: "I" },
      },
    ])
    .returning();

  const inPeriod = (i: number) => ({
    startedAt: at(`2026-03-0${2 + (i % 7)}T09:00:00Z`),
    completedAt: at(`2026-03-0${2 + (i % 7)}T09:20:00Z`),
  });
  const attempt = async (testId: number, values: Partial<typeof schema.testAttempts.$inferInsert>, answers: [number, number][]) => {
    const [row] = await db
      .insert(schema.testAttempts)
      .values({ userId: someone, testId, ...values })
      .returning();
    if (answers.length)
      await db.insert(schema.responses).values(answers.map(([questionId, a]) => ({ attemptId: row!.id, questionId, answer: String(a) })));
  };

  for (const [i, [a, b, c]] of ROWS.entries()) {
    // The stored answer of a reverse-keyed item is the mirror of its keyed value.
    const motivation: [number, number][] =
      i === 9
        ? [[m1!.id, 3]]
        : [
            [m1!.id, 1 + (i % 5)],
            [m2!.id, 1 + ((i + 1) % 5)],
          ];
    await attempt(
      eqTest!.id,
      {
        ...inPeriod(i),
        score: 60,
        resultType: "Empathy",
        resultData: { categories: { selfAwareness: 50, selfRegulation: 60, motivation: 70, empathy: i % 2 ? 60 : 80, socialSkills: 40 } },
      },
      [[e1!.id, a!], [e2!.id, b!], [e3!.id, 6 - c!], ...motivation],
    );
    await attempt(personalityTest!.id, { ...inPeriod(i), resultType: i < 6 ? "INTJ" : "ENFP" }, [
      [p1!.id, a!],
      [p2!.id, 6 - b!],
    ]);
  }
  await attempt(eqTest!.id, { startedAt: at("2026-03-14T09:00:00Z") }, [[e1!.id, 4]]); // started, not finished
  await attempt(
    eqTest!.id,
    { startedAt: at("2026-02-01T09:00:00Z"), completedAt: at("2026-02-01T09:30:00Z"), resultData: { categories: { empathy: 0 } } },
    [],
  ); // outside
  for (const score of [135, 100, 100]) await attempt(iqTest!.id, { ...inPeriod(score), score }, []);
  // Flagged results are not measurements: a guessing-level IQ attempt (stored score 62), a
  // straight-lined personality type and a careless EQ and leadership result are counted apart.
  const flagged = (flag: string) => ({ quality: { flags: [flag] } });
  await attempt(iqTest!.id, { ...inPeriod(1), score: 62, resultData: flagged("chance-level") }, []);
  await attempt(personalityTest!.id, { ...inPeriod(2), resultType: "ESTJ", resultData: flagged("straight-lining") }, []);
  // The EQ one is the person's latest (no answers stored): reliability reads the latest *measured* attempt.
  const latest = { startedAt: at("2026-03-14T10:00:00Z"), completedAt: at("2026-03-14T10:20:00Z") };
  await attempt(
    eqTest!.id,
    { ...latest, score: 5, resultType: "Empathy", resultData: { ...flagged("careless"), categories: { empathy: 0 } } },
    [],
  );
  await attempt(
    leadershipTest!.id,
    { ...inPeriod(4), score: 90, resultType: "Pacesetting", resultData: { ...flagged("careless"), primary: "pacesetting" } },
    [],
  );
  for (let i = 0; i < 2; i++)
    await attempt(leadershipTest!.id, { ...inPeriod(i), score: 70, resultType: "Coaching", resultData: { primary: "coaching" } }, []);

  result = await (await callerAs(db, coach.cookie)).admin.analytics.overview({ from: "2026-03-02", to: "2026-03-15" });
});
afterAll(async () => handle?.close());

describe("admin.analytics.overview on seeded data", () => {
  it("counts conversions for the period and per week", () => {
    expect(result.totals).toEqual({
      accountsCreated: 3,
      assessmentsStarted: 30,
      assessmentsCompleted: 29,
      appointmentsBooked: 3,
      appointmentsCanceled: 1,
      subscribersGained: 3,
      subscribersLost: 1,
    });
    expect(result.weeks).toEqual([
      { week: "2026-03-02", accounts: 2, booked: 2, canceled: 1, gained: 2, lost: 0 },
      { week: "2026-03-09", accounts: 1, booked: 1, canceled: 0, gained: 1, lost: 1 },
    ]);
  });

  it("reports assessments started and completed per test with the completion rate", () => {
    expect(result.tests.map(({ title, started, completed, completionRate }) => ({ title, started, completed, completionRate }))).toEqual([
      { title: "EQ", started: 12, completed: 11, completionRate: 91.7 },
      { title: "Personality", started: 11, completed: 11, completionRate: 100 },
      { title: "IQ", started: 4, completed: 4, completionRate: 100 },
      { title: "Leadership", started: 3, completed: 3, completionRate: 100 },
    ]);
  });

  it("shows result distributions per test type, counting results flagged as not a measurement apart (no band, type, average or style)", () => {
    expect(result.distributions.personality).toEqual({
      n: 10,
      notMeasured: 1,
      items: [
        { label: "INTJ", count: 6 },
        { label: "ENFP", count: 4 },
      ],
    });
    expect(result.distributions.iq.n).toBe(3);
    expect(result.distributions.iq.notMeasured).toBe(1);
    expect(result.distributions.iq.items).toEqual([
      { label: "Below Average", count: 0 },
      { label: "Low Average", count: 0 },
      { label: "Average", count: 2 },
      { label: "High Average", count: 0 },
      { label: "Superior", count: 0 },
      { label: "Very Superior", count: 1 },
    ]);
    expect(result.distributions.eq).toEqual({
      n: 10,
      notMeasured: 1,
      items: [
        { label: "Self-Awareness", average: 50 },
        { label: "Self-Regulation", average: 60 },
        { label: "Motivation", average: 70 },
        { label: "Empathy", average: 70 },
        { label: "Social Skills", average: 40 },
      ],
    });
    expect(result.distributions.leadership.items.find((i) => i.label === "Coaching")).toEqual({ label: "Coaching", count: 2 });
    expect(result.distributions.leadership.items.filter((i) => i.count === 0)).toHaveLength(5);
    expect(result.distributions.leadership.notMeasured).toBe(1);
  });

  it("counts reliability over people, not attempts: ten attempts by one person are one respondent (their latest measured one), and no alpha is shown below 30", () => {
    expect(result.minRespondents).toBe(30);
    const byScale = Object.fromEntries(
      result.reliability.map((r) => [r.scale, { label: r.label, items: r.items, n: r.n, alpha: r.alpha, low: r.low }]),
    );
    expect(byScale).toMatchObject({
      empathy: { label: "Empathy", items: 3, n: 1, alpha: null, low: null },
      motivation: { label: "Motivation", items: 2, n: 1, alpha: null },
      EI: { label: "Extraversion – Introversion", items: 2, n: 1, alpha: null },
    });
    expect(result.reliability.every((r) => r.itemStatistics.length === 0)).toBe(true);
  });

  it("refuses a period that ends before it starts, with a message", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    await expect(
      (await callerAs(handle.db, coach.cookie)).admin.analytics.overview({ from: "2026-03-15", to: "2026-03-01" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("The start date must be on or before the end date"),
    });
  });
});

describe("reliability and item statistics from 30 people", () => {
  let seeded: DbHandle;
  let overview: AnalyticsOverview;
  beforeAll(async () => {
    seeded = await createTestDb();
    await seedContent(seeded.db);
    const completedAt = new Date("2026-05-06T10:00:00Z");
    const ids = await seedRespondents(seeded.db, { people: 40, seed: 3, prefix: "period", completedAt });
    // Five of them take the leadership test again: still 40 people, not 45.
    const leadership = (await seeded.db.select().from(schema.tests)).find((t) => t.type === "leadership")!;
    await seeded.db
      .insert(schema.testAttempts)
      .values(
        ids
          .slice(0, 5)
          .map((userId) => ({ userId, testId: leadership.id, completedAt, score: 50, resultType: "x", resultData: { primary: null } })),
      );
    const coach = await createUser(seeded.db, { role: "admin" });
    overview = await (await callerAs(seeded.db, coach.cookie)).admin.analytics.overview({ from: "2026-05-04", to: "2026-05-10" });
  });
  afterAll(async () => seeded?.close());

  it("shows alpha (KR-20 for the IQ test) with its 90% interval and per-item statistics for every scale", () => {
    const byType = (type: string) => overview.reliability.filter((r) => r.testType === type);
    expect(byType("iq")).toHaveLength(1);
    expect(byType("eq")).toHaveLength(5);
    expect(byType("leadership")).toHaveLength(6);
    expect(byType("personality")).toHaveLength(4);
    for (const r of overview.reliability) {
      expect(r.coefficient).toBe(r.testType === "iq" ? "kr20" : "alpha");
      expect(r.alpha).not.toBeNull();
      expect(r.low!).toBeLessThan(r.alpha!);
      expect(r.high!).toBeGreaterThan(r.alpha!);
      expect(r.level).toBe(0.9);
      expect(r.itemStatistics).toHaveLength(r.items);
      for (const item of r.itemStatistics) {
        expect(item.text.length).toBeGreaterThan(0);
        const [min, max] = r.testType === "iq" ? [0, 1] : [1, 5];
        expect(item.mean).toBeGreaterThanOrEqual(min);
        expect(item.mean).toBeLessThanOrEqual(max);
      }
    }
    // People with only an answer-less retake have no complete row for the leadership scales: n counts people, latest attempt each.
    expect(byType("leadership")[0]!.n).toBe(35);
    // Everyone took the EQ test once; results flagged "Not a measurement" are left out of both counts.
    const eq = overview.distributions.eq;
    expect(eq.n + eq.notMeasured).toBe(40);
    expect(byType("eq")[0]!.n).toBe(eq.n);
    expect(eq.n).toBeGreaterThanOrEqual(30);
  });

  it('counts leadership results without a dominant style as "No single dominant style"', () => {
    const items = overview.distributions.leadership.items;
    expect(items.find((i) => i.label === "No single dominant style")!.count).toBeGreaterThanOrEqual(5);
    expect(items.reduce((s, i) => s + i.count, 0)).toBe(45);
  });
});

describe("attendance over a period (sessions held 5–18 January 2026)", () => {
  let attendance: AnalyticsOverview["attendance"];

  beforeAll(async () => {
    const db = handle.db;
    const coach = await createUser(db, { role: "admin" });
    const ada = (await createUser(db, { firstName: "Ada", lastName: "Absent" })).user.id;
    const bob = (await createUser(db, { firstName: "Bob", lastName: "Present" })).user.id;
    type Row = typeof schema.appointments.$inferInsert;
    const session = (
      userId: number,
      day: number,
      hour: number,
      type: Row["appointmentType"],
      attendance: Row["attendance"],
      status: Row["status"] = "scheduled",
    ): Row => {
      const start = at(`2026-01-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00Z`);
      return {
        userId,
        title: "S",
        appointmentType: type,
        startTime: start,
        endTime: new Date(start.getTime() + 3_600_000),
        attendance,
        status,
      };
    };
    await db.insert(schema.appointments).values([
      // Coaching: 9 attended (Ada 5, Bob 4), Ada missed 2, one not recorded.
      ...[5, 6, 7, 8, 9].map((d) => session(ada, d, 10, "coaching", "attended", "completed")),
      ...[10, 11, 12, 13].map((d) => session(bob, d, 10, "coaching", "attended", "completed")),
      session(ada, 14, 10, "coaching", "no-show"),
      session(ada, 15, 10, "coaching", "no-show"),
      session(bob, 16, 10, "coaching", null),
      // Consultation: 2 attended, Bob missed 1 (three recorded: too few for a rate).
      session(bob, 6, 14, "consultation", "attended", "completed"),
      session(ada, 7, 14, "consultation", "attended", "completed"),
      session(bob, 8, 14, "consultation", "no-show"),
      // Not counted: canceled, and before or after the period.
      session(ada, 9, 14, "coaching", null, "canceled"),
      session(ada, 4, 10, "coaching", "no-show"),
      session(bob, 19, 10, "coaching", "attended", "completed"),
    ]);
    const overview = await (await callerAs(db, coach.cookie)).admin.analytics.overview({ from: "2026-01-05", to: "2026-01-18" });
    attendance = overview.attendance;
  });

  it("counts the sessions held, how many have attendance recorded, attended and no-shows, with the rate and its 90% interval", () => {
    // Wilson 90% interval of 11 of 14: 56.8% to 91.1%.
    expect(attendance.overall).toEqual({ sessions: 15, recorded: 14, attended: 11, noShows: 3, rate: 78.6, low: 56.8, high: 91.1 });
    expect(attendance.minSessions).toBe(10);
  });

  it("gives the figures per appointment type, and no rate where fewer than ten sessions were recorded", () => {
    expect(attendance.byType).toEqual([
      {
        type: "consultation",
        label: "Initial Consultation",
        sessions: 3,
        recorded: 3,
        attended: 2,
        noShows: 1,
        rate: null,
        low: null,
        high: null,
      },
      {
        type: "coaching",
        label: "Coaching Session",
        sessions: 12,
        recorded: 11,
        attended: 9,
        noShows: 2,
        rate: 81.8,
        low: 57.3,
        high: 93.8,
      },
      {
        type: "followup",
        label: "Follow-up Session",
        sessions: 0,
        recorded: 0,
        attended: 0,
        noShows: 0,
        rate: null,
        low: null,
        high: null,
      },
    ]);
  });

  it("lists the clients who missed sessions, most no-shows first, each with their recorded sessions", () => {
    expect(attendance.clientsWithNoShows.map(({ name, recorded, noShows }) => ({ name, recorded, noShows }))).toEqual([
      { name: "Ada Absent", recorded: 8, noShows: 2 },
      { name: "Bob Present", recorded: 6, noShows: 1 },
    ]);
  });
});
