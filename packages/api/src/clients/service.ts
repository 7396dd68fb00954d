/**
 * The coach's Clients view: every client with her last and next session, open action items and
 * latest result per test, searched, sorted, filtered and paged in the database so it stays quick
 * with hundreds of clients. What "seen", "no session" and "overdue" mean: docs/decisions/0041.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, schema, sql, type Database } from "@coach/db";
import type { SQL } from "drizzle-orm";
import type { TestType } from "@coach/db/enums";
import { CLIENT_PAGE_SIZE, type ClientListInput } from "@coach/validators/client-list";
import { loadAvailability } from "../appointments/availability";
import { shortSummary } from "../coaching/portal/service";
import { likePattern } from "../shared/db";
import { displayName } from "../users/service";
import type { ClientList } from "./shapes";
import { coachWeek } from "./week";
import { remainingByClient } from "../payments/credits-admin";

const { users: u, appointments: a, actionItems: items, testAttempts: attempts, tests } = schema;

export async function listClients(db: Database, input: ClientListInput, now = new Date()): Promise<ClientList> {
  const { timeZone } = await loadAvailability(db);
  const week = coachWeek(now, timeZone);
  // Instants go in as ISO text: both drivers (PGlite, postgres) read it the same way.
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

  // Canceled bookings never count as a session: not as the last, the next, nor as seen.
  const held = sql`${a.userId} = ${u.id} and ${a.status} <> 'canceled'`;
  const lastSession = sql<Date | null>`(select max(${a.startTime}) from ${a} where ${held} and ${a.startTime} <= ${at(now)})`;
  const nextSession = sql<Date | null>`(select min(${a.startTime}) from ${a} where ${held} and ${a.startTime} > ${at(now)})`;
  const nextSessionTimeZone = sql<
    string | null
  >`(select ${a.clientTimeZone} from ${a} where ${held} and ${a.startTime} > ${at(now)} order by ${a.startTime} asc, ${a.id} asc limit 1)`;
  const open = sql`${items.userId} = ${u.id} and ${items.doneAt} is null`;
  // An item is overdue once its due day has passed in the coach's zone (as the overdue panel reads it).
  const overdue = sql`${open} and ${items.dueDate} < ${week.today}::date`;

  const filters: Record<ClientListInput["filter"], SQL | undefined> = {
    all: undefined,
    // A session this week that was not canceled and not a no-show: met already, or about to be.
    "seen-this-week": sql`exists (select 1 from ${a} where ${held} and ${a.startTime} >= ${at(week.from)} and ${a.startTime} < ${at(week.to)} and ${a.attendance} is distinct from 'no-show')`,
    "no-session-booked": sql`not exists (select 1 from ${a} where ${held} and ${a.startTime} > ${at(now)})`,
    "overdue-items": sql`exists (select 1 from ${items} where ${overdue})`,
  };
  const where = and(
    eq(u.role, "user"),
    // The anonymous stand-ins of deleted accounts (decision 16) are no one to coach.
    isNull(u.anonymizedAt),
    input.q
      ? or(
          ilike(sql`coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')`, likePattern(input.q)),
          ilike(u.email, likePattern(input.q)),
          ilike(u.username, likePattern(input.q)),
        )
      : undefined,
    filters[input.filter],
  );

  const name = sql`lower(coalesce(nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), ''), ${u.username}))`;
  const order = {
    name: [asc(name), asc(u.id)],
    // Most recent first, never-met clients last: the coach looks for who she saw lately.
    "last-session": [sql`${lastSession} desc nulls last`, asc(name), asc(u.id)],
    // Soonest first, unbooked clients last.
    "next-session": [sql`${nextSession} asc nulls last`, asc(name), asc(u.id)],
  }[input.sort];

  const [totals] = await db.select({ total: count() }).from(u).where(where);
  const rows = await db
    .select({
      id: u.id,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      // The billing profile's company (issue 31); null until the coach enters one.
      company: sql<
        string | null
      >`(select ${schema.billingProfiles.companyName} from ${schema.billingProfiles} where ${schema.billingProfiles.userId} = ${u.id})`,
      lastSession: lastSession.mapWith(a.startTime),
      nextSession: nextSession.mapWith(a.startTime),
      nextSessionTimeZone,
      openActionItems: sql<number>`(select count(*) from ${items} where ${open})`.mapWith(Number),
      overdueActionItems: sql<number>`(select count(*) from ${items} where ${overdue})`.mapWith(Number),
    })
    .from(u)
    .where(where)
    .orderBy(...order)
    .limit(CLIENT_PAGE_SIZE)
    .offset((input.page - 1) * CLIENT_PAGE_SIZE);

  const results = await latestResults(
    db,
    rows.map((r) => r.id),
  );
  const credits = await remainingByClient(db);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: displayName(r),
      email: r.email,
      company: r.company,
      lastSession: r.lastSession,
      nextSession: r.nextSession,
      nextSessionTimeZone: r.nextSessionTimeZone,
      openActionItems: r.openActionItems,
      overdueActionItems: r.overdueActionItems,
      credits: credits.get(r.id) ?? 0,
      latestResults: results.get(r.id) ?? [],
    })),
    total: totals?.total ?? 0,
    page: input.page,
    pageSize: CLIENT_PAGE_SIZE,
    week: { from: week.from, to: week.to, timeZone },
  };
}

/** Each listed client's newest completed result of every test type, in one query for the page. */
async function latestResults(db: Database, userIds: number[]) {
  const byUser = new Map<number, ClientList["items"][number]["latestResults"]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectDistinctOn([attempts.userId, tests.type], {
      userId: attempts.userId,
      testType: tests.type,
      testTitle: tests.title,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultType: attempts.resultType,
      resultData: attempts.resultData,
    })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(inArray(attempts.userId, userIds), isNotNull(attempts.completedAt)))
    .orderBy(attempts.userId, tests.type, desc(attempts.completedAt), desc(attempts.id));
  for (const r of rows.sort((x, y) => y.completedAt!.getTime() - x.completedAt!.getTime())) {
    const list = byUser.get(r.userId) ?? [];
    list.push({
      testType: r.testType as TestType,
      testTitle: r.testTitle,
      summary: shortSummary(r.testType, r),
      completedAt: r.completedAt!,
    });
    byUser.set(r.userId, list);
  }
  return byUser;
}
