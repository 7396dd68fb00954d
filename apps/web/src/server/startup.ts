import { ensureAdminFromEnv, getAuthSecret } from "@coach/auth";
import { assertValidSettings, settings } from "@coach/config";
import { isBuildPhase } from "@coach/config/runtime";
import { getDb, getDbHandle } from "@coach/db";
import { startOutboxWorker } from "@coach/email";
import {
  log,
  startCalendarSyncWorker,
  startCalibrationWorker,
  startCoachingWorker,
  startContactRetentionWorker,
  startPaymentsWorker,
  startPrivacyWorker,
  startReminderWorker,
  startRetreatWorker,
} from "@coach/api";

export async function startServer(): Promise<void> {
  try {
    // One message that lists every invalid setting (AUTH_SECRET missing in production included).
    assertValidSettings();
    // Development: creates and keeps a generated secret in DATA_DIR before the first request needs it.
    getAuthSecret();
  } catch (error) {
    // A misconfigured server must not stay up half-working: say why and exit, so a supervisor notices.
    if (!isBuildPhase()) {
      log("error", "cannot start", { error });
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    throw error;
  }
  try {
    const handle = await getDbHandle();
    log("info", "database ready", { driver: handle.kind });
    // ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD: create that admin once if missing (no default password exists).
    const admin = await ensureAdminFromEnv(handle.db);
    if (admin === "created") log("info", "admin account created from ADMIN_USERNAME", { username: settings().admin.username });
  } catch (error) {
    // The site still starts; /api/health answers 503 until the database answers.
    log("error", "database not ready at start-up", { error });
  }
  // Retries emails whose first delivery failed; claims rows with SKIP LOCKED so instances never double-send.
  startOutboxWorker(getDb, { intervalMs: 30_000 });
  // Emails each client at the coach's reminder lead times (claimed per row, so never twice).
  startReminderWorker(getDb);
  // Recalibrates the IQ test daily once 10% more people have taken it (the test row is claimed, so once per run).
  startCalibrationWorker(getDb);
  // Brings moves and deletions made in Google Calendar back to the bookings (incremental sync, claimed so one
  // instance runs it at a time) and keeps Google's push channel registered when APP_URL is public https.
  startCalendarSyncWorker(getDb);
  // Action-item reminders on the due date (claimed per item, so never twice).
  startCoachingWorker(getDb);
  // Erases delivered deletion confirmations and deletes expired rate-limit counters (issue 30).
  startPrivacyWorker(getDb);
  // Deletes contact messages (and their notification emails) once they are two years old, as /privacy says.
  startContactRetentionWorker(getDb);
  // Releases unpaid holds after 15 minutes, reconciles missed Stripe events, reminds of expiring credits (issue 31).
  startPaymentsWorker(getDb);
  // Lapses unpaid retreat offers (the waitlist gets the place) and sends each balance invoice once, on its day.
  startRetreatWorker(getDb);
}
