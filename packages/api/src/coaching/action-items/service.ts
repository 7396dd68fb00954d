/** Action items the coach assigns to a client, which the client ticks off in the portal. */
import { and, asc, desc, eq, isNotNull, isNull, sql, schema, type Database } from "@coach/db";
import { recordAudit, type AuditActor } from "../../audit/record";
import { DomainError } from "../../shared/domain-error";
import { assertClient, coachToday, dayKey } from "../clients";
import { ACTION_ITEM_NOT_FOUND, APPOINTMENT_NOT_FOUND, GOAL_NOT_FOUND, type ActionItemView } from "../shapes";

const { goals, actionItems, appointments, users } = schema;

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
