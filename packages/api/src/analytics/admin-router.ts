import { z } from "zod";
import { and, asc, eq, gte, isNotNull, lt, schema } from "@coach/db";
import {
  EQ_CATEGORIES,
  EQ_CATEGORY_LABELS,
  IQ_BANDS,
  LEADERSHIP_STYLE_LABELS,
  LEADERSHIP_STYLES,
  PERSONALITY_AXES,
  iqBand,
} from "@coach/assessments";
import { analyticsPeriodSchema } from "@coach/validators/admin-console";
import {
  completionRate,
  countBy,
  countByWeek,
  cronbachAlpha,
  mean,
  parseDay,
  scaleMatrix,
  type ScaleItem,
} from "./stats";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";

/** Alpha is shown only from this many complete respondents on a scale; below it the figure is noise. */
export const MIN_RESPONDENTS_FOR_ALPHA = 10;

const DAY_MS = 86_400_000;
const labelCount = z.object({ label: z.string(), count: z.number() });

const overview = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    accountsCreated: z.number(),
    assessmentsStarted: z.number(),
    assessmentsCompleted: z.number(),
    appointmentsBooked: z.number(),
    appointmentsCanceled: z.number(),
    subscribersGained: z.number(),
    subscribersLost: z.number(),
  }),
  /** Monday-starting UTC weeks overlapping the period */
  weeks: z.array(
    z.object({
      week: z.string(),
      accounts: z.number(),
      booked: z.number(),
      canceled: z.number(),
      gained: z.number(),
      lost: z.number(),
    }),
  ),
  /** per test: attempts started in the period, and how many of those were completed */
  tests: z.array(
    z.object({
      testId: z.number(),
      title: z.string(),
      type: z.string(),
      started: z.number(),
      completed: z.number(),
      completionRate: z.number().nullable(),
    }),
  ),
  /** results of attempts completed in the period */
  distributions: z.object({
    personality: z.object({ n: z.number(), items: z.array(labelCount) }),
    iq: z.object({ n: z.number(), items: z.array(labelCount) }),
    eq: z.object({ n: z.number(), items: z.array(z.object({ label: z.string(), average: z.number().nullable() })) }),
    leadership: z.object({ n: z.number(), items: z.array(labelCount) }),
  }),
  reliability: z.array(
    z.object({
      testTitle: z.string(),
      testType: z.string(),
      scale: z.string(),
      label: z.string(),
      items: z.number(),
      /** respondents (completed in the period) who answered every item of the scale */
      n: z.number(),
      /** null when n < minRespondents or when alpha is undefined (no variance) */
      alpha: z.number().nullable(),
    }),
  ),
  minRespondents: z.number(),
});
export type AnalyticsOverview = z.infer<typeof overview>;

function scaleLabel(type: string, scale: string): string {
  if (type === "eq") return EQ_CATEGORY_LABELS[scale as keyof typeof EQ_CATEGORY_LABELS] ?? scale;
  if (type === "leadership") return LEADERSHIP_STYLE_LABELS[scale as keyof typeof LEADERSHIP_STYLE_LABELS] ?? scale;
  if (type === "personality") return PERSONALITY_AXES.find((a) => a.key === scale)?.label ?? scale;
  return scale;
}

type Scoring = { scale?: string; reverse?: boolean; leftPole?: string; rightPole?: string } | null;

/**
 * Which way each item of a scale points. EQ and leadership items carry `reverse`; a personality item
 * is reverse-keyed when agreeing points to the axis's second pole (E, S, T, J are keyed high).
 */
function itemsOfScale(type: string, scale: string, questions: { id: number; scoring: Scoring }[]): ScaleItem[] {
  if (type === "personality" || questions.some((q) => q.scoring?.rightPole)) {
    const keyed = PERSONALITY_AXES.find((a) => a.key === scale)?.first ?? questions[0]?.scoring?.rightPole;
    return questions.map((q) => ({ questionId: q.id, reverse: q.scoring?.rightPole !== keyed }));
  }
  return questions.map((q) => ({ questionId: q.id, reverse: q.scoring?.reverse === true }));
}

export const analyticsAdminRouter = createTRPCRouter({
  /** What the site itself can count for a period (whole UTC days, both ends included). */
  overview: adminProcedure
    .input(analyticsPeriodSchema)
    .output(overview)
    .query(async ({ ctx, input }) => {
      const db = ctx.db;
      const from = parseDay(input.from);
      const end = new Date(parseDay(input.to).getTime() + DAY_MS); // exclusive
      const last = new Date(end.getTime() - 1);
      const within = (column: Parameters<typeof gte>[0]) => and(gte(column, from), lt(column, end));
      const { users, testAttempts: attempts, tests, appointments, emailSubscribers: subs, questions, responses } = schema;

      const [accountRows, bookedRows, subscribedRows, unsubscribedRows, testRows, startedRows, completedRows] = await Promise.all([
        db.select({ at: users.createdAt }).from(users).where(within(users.createdAt)),
        db.select({ at: appointments.createdAt, status: appointments.status }).from(appointments).where(within(appointments.createdAt)),
        db.select({ at: subs.createdAt }).from(subs).where(within(subs.createdAt)),
        db.select({ at: subs.unsubscribedAt }).from(subs).where(within(subs.unsubscribedAt)),
        db.select({ id: tests.id, title: tests.title, type: tests.type }).from(tests).orderBy(asc(tests.id)),
        db
          .select({ testId: attempts.testId, completedAt: attempts.completedAt })
          .from(attempts)
          .where(within(attempts.startedAt)),
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
        accounts: countByWeek(accountRows.map((r) => r.at), from, last),
        booked: countByWeek(bookedRows.map((r) => r.at), from, last),
        canceled: countByWeek(canceled.map((r) => r.at), from, last),
        gained: countByWeek(subscribedRows.map((r) => r.at), from, last),
        lost: countByWeek(unsubscribedRows.map((r) => r.at!), from, last),
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
        return { testId: t.id, title: t.title, type: t.type, started: started.length, completed, completionRate: completionRate(started.length, completed) };
      });

      // ---- result distributions (attempts completed in the period)
      const byType = (type: string) => completedRows.filter((a) => testById.get(a.testId)?.type === type);
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
        personality: { n: personality.length, items: countBy(personality.map((a) => a.resultType!)) },
        iq: {
          n: iq.length,
          items: countBy(
            iq.map((a) => iqBand(a.score!).label),
            [...IQ_BANDS].reverse().map((b) => b.label),
          ),
        },
        eq: { n: emotional.length, items: EQ_CATEGORIES.map((c) => ({ label: EQ_CATEGORY_LABELS[c], average: round1(mean(eqScores(c))) })) },
        leadership: {
          n: leadership.length,
          items: countBy(leadership.map(primaryStyle), LEADERSHIP_STYLES.map((s) => LEADERSHIP_STYLE_LABELS[s])),
        },
      };

      // ---- reliability per scale, from the slider answers of attempts completed in the period
      const sliderQuestions = await db
        .select({ id: questions.id, testId: questions.testId, scoring: questions.scoring })
        .from(questions)
        .where(eq(questions.type, "slider"))
        .orderBy(asc(questions.testId), asc(questions.order));
      const answerRows = completedRows.length
        ? await db
            .select({ attemptId: responses.attemptId, questionId: responses.questionId, answer: responses.answer })
            .from(responses)
            .innerJoin(attempts, eq(attempts.id, responses.attemptId))
            .innerJoin(questions, eq(questions.id, responses.questionId))
            .where(and(eq(questions.type, "slider"), isNotNull(attempts.completedAt), within(attempts.completedAt)))
        : [];
      const answersByAttempt = new Map<number, Map<number, string>>();
      for (const r of answerRows) {
        let m = answersByAttempt.get(r.attemptId);
        if (!m) answersByAttempt.set(r.attemptId, (m = new Map()));
        m.set(r.questionId, r.answer);
      }
      const reliability: AnalyticsOverview["reliability"] = [];
      for (const test of testRows) {
        const scales = new Map<string, { id: number; scoring: Scoring }[]>();
        for (const q of sliderQuestions) {
          if (q.testId !== test.id || !q.scoring?.scale) continue;
          const list = scales.get(q.scoring.scale) ?? [];
          list.push(q);
          scales.set(q.scoring.scale, list);
        }
        if (scales.size === 0) continue;
        const respondents = new Map(
          completedRows.filter((a) => a.testId === test.id).map((a) => [a.id, answersByAttempt.get(a.id) ?? new Map<number, string>()]),
        );
        for (const [scale, items] of scales) {
          const matrix = scaleMatrix(itemsOfScale(test.type, scale, items), respondents);
          const alpha = matrix.length >= MIN_RESPONDENTS_FOR_ALPHA ? cronbachAlpha(matrix) : null;
          reliability.push({
            testTitle: test.title,
            testType: test.type,
            scale,
            label: scaleLabel(test.type, scale),
            items: items.length,
            n: matrix.length,
            alpha: alpha === null ? null : Math.round(alpha * 1000) / 1000,
          });
        }
      }

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
        minRespondents: MIN_RESPONDENTS_FOR_ALPHA,
      };
    }),
});
