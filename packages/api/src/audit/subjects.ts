/**
 * Names for the audit trail's subjects, so the coach reads "Anna Smith: Coaching Session" instead of
 * "appointment #48". Resolved when the page is read (a batched query per kind of subject), never
 * stored: a name changed since is shown as it is now, and a deleted subject keeps its id only.
 */
import { eq, inArray, schema, type Database } from "@coach/db";
import { displayName } from "../users/service";

export interface AuditSubject {
  /** who or what, in words */
  label: string;
  /** the client it belongs to, for a link to her record */
  clientId: number | null;
  /** when it takes place (a session), shown in the viewer's zone */
  at: Date | null;
}

type Target = { targetType: string | null; targetId: string | null };

const idsOf = (entries: Target[], types: string[]) => [
  ...new Set(
    entries
      .filter((e) => e.targetType && types.includes(e.targetType) && /^\d{1,9}$/.test(e.targetId ?? ""))
      .map((e) => Number(e.targetId)),
  ),
];

const { users, appointments, goals, actionItems, testAttempts, tests, blogPosts, contactMessages } = schema;
const person = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName };

/** Subjects keyed "type:id"; an entry whose subject no longer exists has none. */
export async function auditSubjects(db: Database, entries: Target[]): Promise<Map<string, AuditSubject>> {
  const found = new Map<string, AuditSubject>();
  const put = (type: string, id: number, subject: AuditSubject) => found.set(`${type}:${id}`, subject);
  const userIds = idsOf(entries, ["user", "client"]);
  const appointmentIds = idsOf(entries, ["appointment"]);
  const goalIds = idsOf(entries, ["goal"]);
  const itemIds = idsOf(entries, ["action_item"]);
  const attemptIds = idsOf(entries, ["test_attempt"]);
  const postIds = idsOf(entries, ["blog_post"]);
  const messageIds = idsOf(entries, ["contact_message"]);

  const [people, sessions, goalRows, itemRows, attemptRows, posts, messages] = await Promise.all([
    userIds.length ? db.select(person).from(users).where(inArray(users.id, userIds)) : [],
    appointmentIds.length
      ? db
          .select({ id: appointments.id, title: appointments.title, startTime: appointments.startTime, client: person })
          .from(appointments)
          .innerJoin(users, eq(users.id, appointments.userId))
          .where(inArray(appointments.id, appointmentIds))
      : [],
    goalIds.length
      ? db
          .select({ id: goals.id, title: goals.title, client: person })
          .from(goals)
          .innerJoin(users, eq(users.id, goals.userId))
          .where(inArray(goals.id, goalIds))
      : [],
    itemIds.length
      ? db
          .select({ id: actionItems.id, text: actionItems.text, client: person })
          .from(actionItems)
          .innerJoin(users, eq(users.id, actionItems.userId))
          .where(inArray(actionItems.id, itemIds))
      : [],
    attemptIds.length
      ? db
          .select({ id: testAttempts.id, test: tests.title, client: person })
          .from(testAttempts)
          .innerJoin(users, eq(users.id, testAttempts.userId))
          .innerJoin(tests, eq(tests.id, testAttempts.testId))
          .where(inArray(testAttempts.id, attemptIds))
      : [],
    postIds.length ? db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.id, postIds)) : [],
    messageIds.length
      ? db
          .select({
            id: contactMessages.id,
            firstName: contactMessages.firstName,
            lastName: contactMessages.lastName,
            subject: contactMessages.subject,
          })
          .from(contactMessages)
          .where(inArray(contactMessages.id, messageIds))
      : [],
  ]);

  for (const p of people) for (const type of ["user", "client"]) put(type, p.id, { label: displayName(p), clientId: p.id, at: null });
  for (const s of sessions)
    put("appointment", s.id, { label: `${displayName(s.client)}: ${s.title}`, clientId: s.client.id, at: s.startTime });
  for (const g of goalRows) put("goal", g.id, { label: `${displayName(g.client)}: goal “${g.title}”`, clientId: g.client.id, at: null });
  for (const i of itemRows)
    put("action_item", i.id, { label: `${displayName(i.client)}: action item “${i.text}”`, clientId: i.client.id, at: null });
  for (const a of attemptRows) put("test_attempt", a.id, { label: `${displayName(a.client)}: ${a.test}`, clientId: a.client.id, at: null });
  for (const p of posts) put("blog_post", p.id, { label: `Post “${p.title}”`, clientId: null, at: null });
  for (const m of messages)
    put("contact_message", m.id, { label: `Message from ${m.firstName} ${m.lastName}: ${m.subject}`, clientId: null, at: null });
  return found;
}
