/**
 * The email outbox. Every message is stored first and delivered second, so a provider outage
 * delays mail but never loses it, and a dedupe key makes "send" safe to repeat.
 *
 * Claiming: a short transaction selects due rows `FOR UPDATE SKIP LOCKED` and leases them
 * (pushes nextAttemptAt forward, counts the attempt). The HTTP call happens after commit, so no
 * transaction is held open across the network and PGlite's single connection is never blocked.
 * Two instances never claim the same row; a crash mid-send just lets the lease expire.
 */
import { and, asc, eq, inArray, lte, schema, sql, type Database } from "@coach/db";
import { deliverEmail, type EmailAttachment } from "./transport";

const { emailOutbox } = schema;
export type EmailOutboxRow = schema.EmailOutboxRow;

export interface EmailMessage {
  /** What this email is (e.g. "password-reset"); for operators reading the outbox. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Content is base64. */
  attachments?: EmailAttachment[];
  /** Stored as a Reply-To header (the table has no column for it). */
  replyTo?: string;
  /** When a row with this key exists, nothing is sent again (e.g. `newsletter:{sendId}:{subscriberId}`). */
  dedupeKey?: string;
}

export interface SendOptions {
  /** Try delivery right away (default). False leaves it to the worker, e.g. for a bulk newsletter. */
  immediate?: boolean;
  now?: Date;
}

export interface DeliverOptions {
  /** Max rows claimed in this call (default 20). */
  limit?: number;
  /** The clock, for tests; every instance compares against its own (NTP-synced) clock. */
  now?: Date;
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Kinds whose body carries a secret that signs someone in (a password reset link): the outbox keeps
 * their text only until it is delivered or given up on, so a copy of the database (a backup, a dump
 * handed to support) holds no usable link. The token itself is stored only as a hash.
 */
export const ERASED_ONCE_DELIVERED: ReadonlySet<string> = new Set(["password-reset"]);
const ERASED_BODY = "(erased once delivered: it held a sign-in link)";

/** Attempts before a message is marked failed. */
export const MAX_ATTEMPTS = 8;
/** Wait after the n-th failed attempt: 1 min, 5 min, 30 min, then every 2 h. */
const BACKOFF_MS = [1, 5, 30, 120].map((minutes) => minutes * 60_000);
/** How long a claimed row is invisible to other workers; far longer than one send can take. */
const LEASE_MS = 10 * 60_000;

export function retryDelayMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
}

/**
 * Stores the message and, unless told otherwise, delivers it at once. Returns the outbox row as
 * it stands afterwards. With a dedupeKey already present it returns that row and sends nothing.
 * A delivery problem never throws: the row stays pending and the worker retries it.
 */
export async function sendEmail(db: Database, message: EmailMessage, options: SendOptions = {}): Promise<EmailOutboxRow> {
  const now = options.now ?? new Date();
  const to = message.to.trim();
  if (!to || /[\r\n,;]/.test(to) || !to.includes("@")) throw new TypeError("sendEmail: `to` must be one email address");
  const headers = { ...message.headers, ...(message.replyTo ? { "Reply-To": message.replyTo } : {}) };

  const [inserted] = await db
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      dedupeKey: message.dedupeKey ?? null,
      to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: Object.keys(headers).length ? headers : null,
      attachments: message.attachments?.length ? message.attachments : null,
      // Set from the same clock the workers compare with (not the database default).
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning();

  if (!inserted) {
    const [existing] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, message.dedupeKey ?? ""));
    if (!existing) throw new Error("sendEmail: dedupe conflict but no existing row");
    return existing;
  }
  if (options.immediate === false) return inserted;

  try {
    const [claimed] = await claim(db, { now, limit: 1, id: inserted.id });
    // Not claimed: a worker got there first and is delivering it.
    if (!claimed) return inserted;
    return await deliverClaimed(db, claimed, now);
  } catch (error) {
    // The message is safe in the outbox; the worker will deliver it.
    console.warn(`[email] outbox #${inserted.id}: immediate delivery deferred: ${error instanceof Error ? error.message : String(error)}`);
    return inserted;
  }
}

/** Claims up to `limit` due messages and delivers them. Safe to run on any number of instances at once. */
export async function deliverDueEmails(db: Database, options: DeliverOptions = {}): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const rows = await claim(db, { now, limit: options.limit ?? 20 });
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  // One at a time: Resend's default rate limit is a few requests per second.
  for (const row of rows) {
    const after = await deliverClaimed(db, row, now);
    if (after.status === "sent") report.sent++;
    else if (after.status === "failed") report.failed++;
    else report.retrying++;
  }
  return report;
}

async function claim(db: Database, { now, limit, id }: { now: Date; limit: number; id?: number }): Promise<EmailOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now), id === undefined ? undefined : eq(emailOutbox.id, id)),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const leased = await tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return leased.sort((a, b) => a.id - b.id);
  });
}

async function deliverClaimed(db: Database, row: EmailOutboxRow, now: Date): Promise<EmailOutboxRow> {
  const result = await deliverEmail({
    id: row.id,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: row.headers,
    attachments: row.attachments,
    // Unique across databases (a reset dev database reuses ids), stable across retries of this row.
    idempotencyKey: `coach-outbox/${row.id}-${row.createdAt.getTime()}`,
  });

  let update: Partial<typeof emailOutbox.$inferInsert>;
  const erased = ERASED_ONCE_DELIVERED.has(row.kind) ? { html: ERASED_BODY, text: ERASED_BODY } : {};
  if (result.status === "sent") {
    update = { status: "sent", sentAt: now, providerId: result.providerId, lastError: null, ...erased };
  } else if (result.status === "failed" || row.attempts >= MAX_ATTEMPTS) {
    update = { status: "failed", lastError: result.error, ...erased };
    console.warn(`[email] outbox #${row.id} (${row.kind}) failed after ${row.attempts} attempt(s): ${result.error}`);
  } else {
    update = { lastError: result.error, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) };
  }
  const [after] = await db
    .update(emailOutbox)
    .set(update)
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending")))
    .returning();
  return after ?? { ...row, ...update };
}

export interface OutboxWorkerOptions {
  /** How often to look for due mail (default 30 s). */
  intervalMs?: number;
  /** Rows per claim (default 20); a full batch is followed by another at once. */
  limit?: number;
}

/**
 * Delivers due mail in the background until the returned function is called.
 * The timer is unref'd so it never keeps a process (a script, a test) alive by itself.
 */
export function startOutboxWorker(
  getDb: () => Database | Promise<Database>,
  { intervalMs = 30_000, limit = 20 }: OutboxWorkerOptions = {},
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (stopped || running) return; // never overlap two runs in one process
    running = (async () => {
      try {
        const db = await getDb();
        while (!stopped && (await deliverDueEmails(db, { limit })).claimed === limit) {
          // A full batch: there may be more waiting.
        }
      } catch (error) {
        // The database may be briefly unreachable; the next tick tries again.
        console.warn(`[email] outbox worker: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = undefined;
      }
    })();
  };

  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, intervalMs);
  timer.unref();

  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
