/**
 * The coaching engagement (issue 21): goals (optionally tied to an assessment scale, with progress
 * read from the client's results), action items and the client's portal. Every read and write is
 * scoped to one client: a client reaches only their own rows, and anyone else's id answers as "not
 * found" (404), never "forbidden", so ids cannot be probed. Private session notes live in notes.ts
 * and never pass through this file's client-facing functions.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, schema, sql, type Database } from "@coach/db";
import type { GoalCreator, GoalStatus, TestType } from "@coach/db/enums";
import { APPOINTMENT_TYPE_LABELS, localDateKey } from "@coach/scheduling";
import { loadAvailability } from "../appointments/availability";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import type { Transaction } from "../shared/db";
import { enforceRateLimit, waitWords, type RateLimitRule } from "../shared/rate-limit";
import { sharedNotesFor } from "./notes";
import { changeWords, goalScalesOf, scaleChange, scaleReadings } from "./scales";
import {
  ACTION_ITEM_NOT_FOUND,
  APPOINTMENT_NOT_FOUND,
  CLIENT_NOT_FOUND,
  GOAL_NOT_FOUND,
  type ActionItemView,
  type GoalInput,
  type GoalView,
  type PortalView,
} from "./shapes";

const { goals, actionItems, tests, testAttempts: attempts, appointments, users } = schema;

/** Where the portal's "Book your next session" link goes. */
export const BOOK_URL = "/appointments";

// ---- dates

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The coach's calendar day now: an item is overdue once its due day has passed there. */
export async function coachToday(db: Database, now = new Date()): Promise<string> {
  const { timeZone } = await loadAvailability(db);
  return localDateKey(now.getTime(), timeZone);
}

// ---- goal scales and progress

/** The scales a goal may be tied to, per test of the catalogue. */
export async function goalScaleOptions(db: Database) {
  const list = await db.select({ id: tests.id, title: tests.title, type: tests.type }).from(tests).orderBy(asc(tests.id));
  return list.flatMap((t) =>
    goalScalesOf(t.type).map((s) => ({ testId: t.id, testTitle: t.title, scaleKey: s.key, scaleLabel: s.label, min: s.min, max: s.max })),
  );
}

async function assertGoalScale(db: Database, scale: NonNullable<GoalInput["scale"]>) {
  const [test] = await db.select({ id: tests.id, type: tests.type }).from(tests).where(eq(tests.id, scale.testId));
  if (!test) throw new DomainError("NOT_FOUND", "That assessment was not found.");
  const options = goalScalesOf(test.type);
  const option = options.find((s) => s.key === scale.scaleKey);
  if (!option) {
    throw new DomainError(
      "UNPROCESSABLE_CONTENT",
      options.length === 0
        ? "A goal can be tied only to the scales of the emotional intelligence and leadership assessments."
        : `That assessment has no scale "${scale.scaleKey}". Choose one of: ${options.map((o) => o.label).join(", ")}.`,
    );
  }
  if (scale.target < option.min || scale.target > option.max) {
    throw new DomainError("UNPROCESSABLE_CONTENT", `The target must be between ${option.min} and ${option.max}.`);
  }
}

type GoalRow = typeof goals.$inferSelect & { testTitle: string | null; testType: TestType | null };

async function goalRows(db: Database, where: ReturnType<typeof and>): Promise<GoalRow[]> {
  return db
    .select({ goal: goals, testTitle: tests.title, testType: tests.type })
    .from(goals)
    .leftJoin(tests, eq(tests.id, goals.scaleTestId))
    .where(where)
    .orderBy(sql`case ${goals.status} when 'active' then 0 when 'achieved' then 1 else 2 end`, desc(goals.createdAt), desc(goals.id))
    .then((rows) => rows.map((r) => ({ ...r.goal, testTitle: r.testTitle, testType: r.testType })));
}

/** Completed attempts of one client for the given tests, oldest first. */
async function completedAttempts(db: Database, userId: number, testIds: number[]) {
  if (testIds.length === 0) return [];
  return db
    .select({
      id: attempts.id,
      testId: attempts.testId,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultData: attempts.resultData,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), inArray(attempts.testId, testIds), isNotNull(attempts.completedAt)))
    .orderBy(asc(attempts.completedAt), asc(attempts.id));
}

type AttemptRow = Awaited<ReturnType<typeof completedAttempts>>[number];

/**
 * A goal's progress: the baseline is the client's latest result at or before the goal was set (else
 * the first one after it); the points are the baseline and every result after it; the change is the
 * history's reliable-change test between the baseline and the latest result.
 */
function goalView(goal: GoalRow, attemptsOfClient: readonly AttemptRow[]): GoalView {
  const base = {
    id: goal.id,
    title: goal.title,
    why: goal.why,
    measure: goal.measure,
    targetDate: goal.targetDate,
    status: goal.status,
    createdBy: goal.createdBy,
    createdAt: goal.createdAt,
  };
  if (goal.scaleTestId === null || goal.scaleKey === null || goal.scaleTarget === null || !goal.testType) return { ...base, scale: null };
  const type = goal.testType;
  const key = goal.scaleKey;
  const label = goalScalesOf(type).find((s) => s.key === key)?.label ?? key;
  const ofTest = attemptsOfClient.filter((a) => a.testId === goal.scaleTestId && a.completedAt);
  const setAt = goal.createdAt.getTime();
  const before = ofTest.filter((a) => a.completedAt!.getTime() <= setAt).at(-1);
  const after = ofTest.filter((a) => a.completedAt!.getTime() > setAt);
  const baselineAttempt = before ?? after[0];
  const series = before ? [before, ...after] : after;
  const points = series.flatMap((a) => {
    const reading = scaleReadings(type, a).find((r) => r.key === key);
    return reading ? [{ attemptId: a.id, completedAt: a.completedAt!, score: reading.score, low: reading.low, high: reading.high }] : [];
  });
  const baseline = baselineAttempt ? (points.find((p) => p.attemptId === baselineAttempt.id)?.score ?? null) : null;
  const latestAttempt = after.at(-1);
  const latestPoint = latestAttempt ? points.find((p) => p.attemptId === latestAttempt.id) : undefined;
  let change: NonNullable<GoalView["scale"]>["progress"]["change"] = null;
  if (baselineAttempt && latestAttempt && latestAttempt.id !== baselineAttempt.id) {
    const c = scaleChange(type, key, baselineAttempt, latestAttempt);
    if (c)
      change = { delta: Math.round(c.delta * 10) / 10, reliable: c.reliable === true, words: changeWords(c, before ? "goal" : "baseline") };
  }
  return {
    ...base,
    scale: {
      testId: goal.scaleTestId,
      testTitle: goal.testTitle ?? "",
      scaleKey: key,
      scaleLabel: label,
      baseline,
      target: goal.scaleTarget,
      progress: { points, latest: latestPoint?.score ?? null, change },
    },
  };
}

/** A client's goals with their progress: active first, newest first. */
export async function goalsOf(db: Database, userId: number, only?: number): Promise<GoalView[]> {
  const rows = await goalRows(db, and(eq(goals.userId, userId), only === undefined ? undefined : eq(goals.id, only)));
  const testIds = [...new Set(rows.flatMap((g) => (g.scaleTestId === null ? [] : [g.scaleTestId])))];
  const list = await completedAttempts(db, userId, testIds);
  return rows.map((g) => goalView(g, list));
}

async function oneGoal(db: Database, userId: number, id: number): Promise<GoalView> {
  const [view] = await goalsOf(db, userId, id);
  if (!view) throw new DomainError("NOT_FOUND", GOAL_NOT_FOUND);
  return view;
}

async function assertClient(db: Database, userId: number) {
  const [client] = await db.select({ id: users.id, anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, userId));
  if (!client || client.anonymizedAt) throw new DomainError("NOT_FOUND", CLIENT_NOT_FOUND);
}

/** An engagement works on a handful of goals at once; the cap keeps a client's portal (and the coach's record) readable and bounded. */
export const MAX_ACTIVE_GOALS = 25;
export const TOO_MANY_GOALS = `There are already ${MAX_ACTIVE_GOALS} active goals. Mark one achieved or dropped before adding another.`;
/** Goals a client may add in the portal per day: the active cap alone would let add-and-drop grow the table without end. */
const CLIENT_GOAL_RATE: RateLimitRule = {
  name: "goal-create",
  limit: 30,
  windowSeconds: 86_400,
  message: (minutes) => `You have added many goals today. You can add another in ${waitWords(minutes)}, or ask your coach.`,
};

/**
 * Inside the transaction that adds or reactivates the goal: the client's row is locked first, so
 * concurrent additions for one client wait for each other and each counts what the last committed.
 * NO KEY UPDATE, as for bookings: rows that merely reference the client (a test attempt) need not wait.
 */
async function assertRoomForActiveGoal(tx: Transaction, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  const [{ active } = { active: 0 }] = await tx
    .select({ active: sql<number>`count(*)::int` })
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.status, "active")));
  if (active >= MAX_ACTIVE_GOALS) throw new DomainError("UNPROCESSABLE_CONTENT", TOO_MANY_GOALS);
}

/** A new goal for a client, set by the coach (`coach`) or by the client in the portal (`client`). */
export async function createGoal(
  db: Database,
  input: GoalInput & { userId: number; createdBy: GoalCreator },
  actor?: AuditActor,
): Promise<GoalView> {
  await assertClient(db, input.userId);
  if (input.scale) await assertGoalScale(db, input.scale);
  if (input.createdBy === "client") await enforceRateLimit(db, `${CLIENT_GOAL_RATE.name}:user:${input.userId}`, CLIENT_GOAL_RATE);
  // The row and its audit entry together, or neither (a retry must not make a second goal).
  const created = await db.transaction(async (tx) => {
    await assertRoomForActiveGoal(tx, input.userId);
    const [row] = await tx
      .insert(goals)
      .values({
        userId: input.userId,
        title: input.title,
        why: input.why ?? null,
        measure: input.measure ?? null,
        targetDate: input.targetDate ?? null,
        createdBy: input.createdBy,
        scaleTestId: input.scale?.testId ?? null,
        scaleKey: input.scale?.scaleKey ?? null,
        scaleTarget: input.scale?.target ?? null,
      })
      .returning({ id: goals.id });
    if (actor) await recordAudit(tx, actor, "coaching.goal.create", { type: "goal", id: row!.id, details: { userId: input.userId } });
    return row!;
  });
  return oneGoal(db, input.userId, created.id);
}

export interface GoalChange {
  id: number;
  title?: string;
  why?: string | null;
  measure?: string | null;
  targetDate?: Date | null;
  status?: GoalStatus;
}

/**
 * Changes a goal. `ownerId` scopes it to one client's goals (the portal: a client may change only
 * the status of their own goals); the coach passes none and reaches every client's.
 */
export async function updateGoal(db: Database, change: GoalChange, scope: { ownerId?: number; actor?: AuditActor }): Promise<GoalView> {
  const { id, ...fields } = change;
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const owned = and(eq(goals.id, id), scope.ownerId === undefined ? undefined : eq(goals.userId, scope.ownerId));
  const updated = await db.transaction(async (tx) => {
    if (set.status === "active") {
      // Taking a goal up again counts against the same cap as adding one.
      const [goal] = await tx.select({ userId: goals.userId, status: goals.status }).from(goals).where(owned);
      if (goal && goal.status !== "active") await assertRoomForActiveGoal(tx, goal.userId);
    }
    const [row] = await tx
      .update(goals)
      .set({ ...set, updatedAt: new Date() })
      .where(owned)
      .returning({ id: goals.id, userId: goals.userId });
    if (!row) throw new DomainError("NOT_FOUND", GOAL_NOT_FOUND);
    if (scope.actor)
      await recordAudit(tx, scope.actor, "coaching.goal.update", {
        type: "goal",
        id,
        details: { userId: row.userId, fields: Object.keys(set) },
      });
    return row;
  });
  return oneGoal(db, updated.userId, id);
}

// ---- action items

type ItemRow = typeof actionItems.$inferSelect & { goalTitle: string | null };

function itemView(row: ItemRow, today: string): ActionItemView {
  return {
    id: row.id,
    text: row.text,
    dueDate: row.dueDate,
    done: row.doneAt !== null,
    doneAt: row.doneAt,
    overdue: row.doneAt === null && row.dueDate !== null && dayKey(row.dueDate) < today,
    goalId: row.goalId,
    goalTitle: row.goalTitle,
    appointmentId: row.appointmentId,
    createdAt: row.createdAt,
  };
}

/** A client's action items: open ones first (soonest due first), then done ones (latest done first). */
export async function actionItemsOf(db: Database, userId: number, today?: string): Promise<ActionItemView[]> {
  const [rows, day] = await Promise.all([
    db
      .select({ item: actionItems, goalTitle: goals.title })
      .from(actionItems)
      .leftJoin(goals, eq(goals.id, actionItems.goalId))
      .where(eq(actionItems.userId, userId))
      .orderBy(
        sql`${actionItems.doneAt} is not null`,
        sql`${actionItems.dueDate} asc nulls last`,
        desc(actionItems.doneAt),
        asc(actionItems.id),
      ),
    today ?? coachToday(db),
  ]);
  return rows.map((r) => itemView({ ...r.item, goalTitle: r.goalTitle }, day));
}

/** The coach assigns an action item to a client, optionally linked to one of their goals or sessions. */
export async function createActionItem(
  db: Database,
  actor: AuditActor,
  input: { userId: number; text: string; dueDate?: Date; goalId?: number; appointmentId?: number },
): Promise<ActionItemView> {
  await assertClient(db, input.userId);
  if (input.goalId !== undefined) {
    const [goal] = await db
      .select({ id: goals.id })
      .from(goals)
      .where(and(eq(goals.id, input.goalId), eq(goals.userId, input.userId)));
    if (!goal) throw new DomainError("NOT_FOUND", GOAL_NOT_FOUND);
  }
  if (input.appointmentId !== undefined) {
    const [appt] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.id, input.appointmentId), eq(appointments.userId, input.userId)));
    if (!appt) throw new DomainError("NOT_FOUND", APPOINTMENT_NOT_FOUND);
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(actionItems)
      .values({
        userId: input.userId,
        text: input.text,
        dueDate: input.dueDate ?? null,
        goalId: input.goalId ?? null,
        appointmentId: input.appointmentId ?? null,
        createdById: actor.id,
      })
      .returning({ id: actionItems.id });
    await recordAudit(tx, actor, "coaching.action_item.create", { type: "action_item", id: row!.id, details: { userId: input.userId } });
    return row!;
  });
  const view = (await actionItemsOf(db, input.userId)).find((i) => i.id === created.id);
  return view!;
}

/** The client ticks one of their own action items off (or undoes it). */
export async function setActionItemDone(db: Database, userId: number, input: { id: number; done: boolean }) {
  const [updated] = await db
    .update(actionItems)
    .set({ doneAt: input.done ? sql`coalesce(${actionItems.doneAt}, now())` : null })
    .where(and(eq(actionItems.id, input.id), eq(actionItems.userId, userId)))
    .returning({ id: actionItems.id, doneAt: actionItems.doneAt });
  if (!updated) throw new DomainError("NOT_FOUND", ACTION_ITEM_NOT_FOUND);
  return { id: updated.id, done: updated.doneAt !== null, doneAt: updated.doneAt };
}

/** Open items whose due day has passed (in the coach's time zone), oldest first, for the coach. */
export async function overdueItems(db: Database, now = new Date()) {
  const today = await coachToday(db, now);
  const rows = await db
    .select({
      id: actionItems.id,
      text: actionItems.text,
      dueDate: actionItems.dueDate,
      userId: actionItems.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(actionItems)
    .innerJoin(users, eq(users.id, actionItems.userId))
    .where(and(isNull(actionItems.doneAt), isNotNull(actionItems.dueDate), sql`${actionItems.dueDate} < ${today}::date`))
    .orderBy(asc(actionItems.dueDate), asc(actionItems.id));
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    dueDate: r.dueDate!,
    userId: r.userId,
    clientName: [r.firstName, r.lastName].filter(Boolean).join(" ").trim() || r.username,
  }));
}

// ---- portal

/** A one-line summary of a result for lists (the full summary is on the result page). */
export function shortSummary(type: string, attempt: { score: number | null; resultType: string | null; resultData: unknown }): string {
  const data = (attempt.resultData ?? {}) as Record<string, unknown>;
  switch (type) {
    case "eq":
      return `Overall ${attempt.score ?? "-"} of 100${attempt.resultType ? `; ${attempt.resultType}` : ""}`;
    case "leadership":
      return attempt.resultType ?? "Leadership styles";
    case "iq": {
      const band = typeof data.band === "string" ? ` (${data.band})` : "";
      return `Estimated IQ ${attempt.score ?? "-"}${band}`;
    }
    case "personality":
      return `Type ${attempt.resultType ?? "-"}`;
    default:
      return attempt.resultType ?? "";
  }
}

/** Each test's latest completed result of a client, newest first. */
export async function latestResultsOf(db: Database, userId: number) {
  const rows = await db
    .selectDistinctOn([attempts.testId], {
      attemptId: attempts.id,
      testId: attempts.testId,
      testTitle: tests.title,
      testType: tests.type,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultType: attempts.resultType,
      resultData: attempts.resultData,
    })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.userId, userId), isNotNull(attempts.completedAt)))
    .orderBy(attempts.testId, desc(attempts.completedAt), desc(attempts.id));
  return rows
    .map((r) => ({
      attemptId: r.attemptId,
      testId: r.testId,
      testTitle: r.testTitle,
      completedAt: r.completedAt!,
      summary: shortSummary(r.testType, r),
    }))
    .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime());
}

/** The client's own space: next session, shared notes, action items, goals and latest results. */
export async function portal(db: Database, userId: number, now = new Date()): Promise<PortalView> {
  const today = await coachToday(db, now);
  const [[next], sharedNotes, items, goalList, latestResults] = await Promise.all([
    db
      .select({ id: appointments.id, startTime: appointments.startTime, endTime: appointments.endTime, type: appointments.appointmentType })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.status, "scheduled"), gt(appointments.endTime, now)))
      .orderBy(asc(appointments.startTime))
      .limit(1),
    sharedNotesFor(db, userId),
    actionItemsOf(db, userId, today),
    goalsOf(db, userId),
    latestResultsOf(db, userId),
  ]);
  return {
    nextAppointment: next ? { ...next, typeLabel: APPOINTMENT_TYPE_LABELS[next.type] } : null,
    bookUrl: BOOK_URL,
    sharedNotes,
    actionItems: items,
    goals: goalList,
    latestResults,
  };
}

/** The client's sessions that are not canceled (the coach's notes hang on these). */
export async function liveAppointmentOf(db: Database, appointmentId: number) {
  const [row] = await db
    .select({ id: appointments.id, userId: appointments.userId, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), ne(appointments.status, "canceled")));
  return row ?? null;
}
