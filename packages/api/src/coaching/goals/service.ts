/**
 * Coaching goals (issue 21), optionally tied to an assessment scale (progress in progress.ts), set
 * by the coach or by the client in the portal.
 */
import { and, asc, desc, eq, schema, sql, type Database } from "@coach/db";
import type { GoalCreator, GoalStatus } from "@coach/db/enums";
import { recordAudit, type AuditActor } from "../../audit/record";
import { DomainError } from "../../shared/domain-error";
import type { Transaction } from "../../shared/db";
import { enforceRateLimit, waitWords, type RateLimitRule } from "../../shared/rate-limit";
import { assertClient } from "../clients";
import { goalScalesOf } from "./scales";
import { onCurrentCalibration } from "../../assessments/rescore";
import { completedAttempts, goalView, type GoalRow } from "./progress";
import { GOAL_NOT_FOUND, type GoalInput, type GoalView } from "../shapes";

const { goals, tests, users } = schema;

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

async function goalRows(db: Database, where: ReturnType<typeof and>): Promise<GoalRow[]> {
  return db
    .select({ goal: goals, testTitle: tests.title, testType: tests.type })
    .from(goals)
    .leftJoin(tests, eq(tests.id, goals.scaleTestId))
    .where(where)
    .orderBy(sql`case ${goals.status} when 'active' then 0 when 'achieved' then 1 else 2 end`, desc(goals.createdAt), desc(goals.id))
    .then((rows) => rows.map((r) => ({ ...r.goal, testTitle: r.testTitle, testType: r.testType })));
}

/** A client's goals with their progress: active first, newest first. */
export async function goalsOf(db: Database, userId: number, only?: number): Promise<GoalView[]> {
  const rows = await goalRows(db, and(eq(goals.userId, userId), only === undefined ? undefined : eq(goals.id, only)));
  const testIds = [...new Set(rows.flatMap((g) => (g.scaleTestId === null ? [] : [g.scaleTestId])))];
  const list = await completedAttempts(db, userId, testIds);
  const onOneScale = await onCurrentCalibration(db, list);
  return rows.map((g) => goalView(g, list, onOneScale));
}

async function oneGoal(db: Database, userId: number, id: number): Promise<GoalView> {
  const [view] = await goalsOf(db, userId, id);
  if (!view) throw new DomainError("NOT_FOUND", GOAL_NOT_FOUND);
  return view;
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
