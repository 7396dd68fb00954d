/** The admin audit trail as the coach reads it; entries are written by `recordAudit` (record.ts). */
import { count, desc, ilike, or, schema, sql, type Database } from "@coach/db";
import { columnsOf, likePattern } from "../shared/db";
import { auditSubjects } from "./subjects";
import { auditEntry } from "./shapes";

const { auditLog } = schema;
const entryColumns = columnsOf(auditLog, auditEntry);

/** One page of the trail, newest first; the search matches who, what, the target or a username in the details. */
export async function listAuditEntries(db: Database, input: { search?: string; page: number; pageSize: number }) {
  const pattern = input.search ? likePattern(input.search) : undefined;
  const where = pattern
    ? or(
        ilike(auditLog.actorUsername, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.targetId, pattern),
        ilike(sql`${auditLog.details}->>'username'`, pattern),
      )
    : undefined;
  const [[totals], items] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select(entryColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
  ]);
  const subjects = await auditSubjects(db, items);
  return {
    items: items.map((e) => ({ ...e, subject: subjects.get(`${e.targetType}:${e.targetId}`) ?? null })),
    total: totals?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
