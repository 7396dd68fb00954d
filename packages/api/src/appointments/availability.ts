/** The coach's scheduling settings (working hours, lengths, buffer, horizon), stored in app_settings. */
import { eq, schema, type Database } from "@coach/db";
import { parseAvailability, safeParseAvailability, type AvailabilitySettings } from "@coach/scheduling";
import { recordAudit, type AuditActor } from "../audit/record";
import { log } from "../shared/logger";

export const AVAILABILITY_KEY = "availability";

/** The coach's availability, complete with defaults; a stored value that no longer validates falls back to them. */
export async function loadAvailability(db: Database): Promise<AvailabilitySettings> {
  const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, AVAILABILITY_KEY));
  const parsed = safeParseAvailability(row?.value);
  if (!parsed.success) {
    log("warn", "stored availability settings are invalid; using defaults", { issues: parsed.error.issues.length });
    return parseAvailability(undefined);
  }
  return parsed.data;
}

export async function saveAvailability(db: Database, actor: AuditActor, input: AvailabilitySettings): Promise<AvailabilitySettings> {
  const value = input as unknown as Record<string, unknown>;
  await db
    .insert(schema.appSettings)
    .values({ key: AVAILABILITY_KEY, value })
    .onConflictDoUpdate({ target: schema.appSettings.key, set: { value, updatedAt: new Date() } });
  await recordAudit(db, actor, "settings.availability.update", { type: "app_settings", id: AVAILABILITY_KEY, details: value });
  return input;
}
