/**
 * Push notifications from Google Calendar (events.watch): when APP_URL is public https, Google is
 * asked to POST to NOTIFICATIONS_PATH whenever the coach's calendar changes, so a move made in Google
 * reaches the booking at once instead of at the next scheduled sync. Channels expire (Google's
 * default is a week); the periodic calendar job renews one a day before its end.
 *
 * Stored in app_settings under "google_calendar_watch": each channel's id, Google's resource id,
 * its expiry and the sha256 of its token (the token itself is sent to Google once and never kept).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { appUrl } from "@coach/config";
import { eq, schema, type Database } from "@coach/db";
import { log } from "../../shared/logger";
import { readGoogleSettings, withGoogleCalendar } from "./connection";

export const WATCH_SETTINGS_KEY = "google_calendar_watch";
/** Where Google sends notifications (served by the `google.calendarNotification` procedure). */
export const NOTIFICATIONS_PATH = "/api/google/calendar/notifications";
/** A channel is replaced once it has less than this left. */
export const RENEW_BEFORE_MS = 24 * 3_600_000;
/** After Google refused a channel (address not reachable, say), the next attempt waits this long. */
const RETRY_AFTER_FAILURE_MS = 30 * 60_000;

export interface StoredChannel {
  id: string;
  /** sha256 (hex) of the channel's token */
  tokenHash: string;
  /** Google's id of the watched resource; null until Google has answered the watch request. */
  resourceId: string | null;
  /** ms since the epoch; null until Google has answered */
  expiration: number | null;
  address: string;
}

interface StoredWatch {
  /** The newest first; older ones are being stopped (a renewal overlaps for a moment). */
  channels: StoredChannel[];
  /** ms: when Google last refused a watch request */
  failedAt?: number | null;
}

const { appSettings } = schema;
const sha256 = (value: string) => createHash("sha256").update(value).digest();

async function readWatch(db: Database): Promise<StoredWatch> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, WATCH_SETTINGS_KEY));
  const value = row?.value as Partial<StoredWatch> | undefined;
  return { channels: Array.isArray(value?.channels) ? value.channels : [], failedAt: value?.failedAt ?? null };
}

async function writeWatch(db: Database, watch: StoredWatch): Promise<void> {
  const value = watch as unknown as Record<string, unknown>;
  await db
    .insert(appSettings)
    .values({ key: WATCH_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

// Two lists: Node checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d).
const PRIVATE_V4 = new BlockList();
const PRIVATE_V6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  PRIVATE_V4.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["::ffff:0:0", 96], // IPv4-mapped: nobody's public APP_URL
] as const)
  PRIVATE_V6.addSubnet(net, prefix, "ipv6");

/**
 * True for an https URL that Google could reach: not localhost, not a private or link-local address,
 * not a single-label or local-only name. Google refuses other addresses, and a channel it cannot
 * deliver to is no use.
 */
export function isPublicHttpsUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  if (protocol !== "https:") return false;
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const family = isIP(host);
  if (family === 4) return !PRIVATE_V4.check(host, "ipv4");
  if (family === 6) return !PRIVATE_V6.check(host, "ipv6");
  if (!host.includes(".")) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

/** The address Google should notify, or null when APP_URL is not public https. */
export function notificationAddress(): string | null {
  const base = appUrl();
  return isPublicHttpsUrl(base) ? `${base}${NOTIFICATIONS_PATH}` : null;
}

export type WatchOutcome = "none" | "kept" | "registered" | "renewed" | "failed" | "stopped";

/**
 * Makes the stored channels match the situation: one live channel to the current address while
 * Google is connected and APP_URL is public https, none otherwise. Run under the calendar claim
 * (calendar-sync.ts), so two instances never register at once.
 */
export async function ensureWatchChannel(db: Database, now = Date.now()): Promise<WatchOutcome> {
  const address = notificationAddress();
  const stored = await readGoogleSettings(db);
  const connected = !!stored?.connected && !!stored.tokens;
  const watch = await readWatch(db);
  if (!address || !connected) {
    if (watch.channels.length === 0) return "none";
    await stopWatchChannels(db);
    return "stopped";
  }
  const live = watch.channels.find(
    (c) => c.address === address && c.resourceId && c.expiration !== null && c.expiration - now > RENEW_BEFORE_MS,
  );
  if (live) {
    if (watch.channels.length > 1)
      await stopChannels(
        db,
        watch.channels.filter((c) => c !== live),
      );
    return "kept";
  }
  if (watch.failedAt && now - watch.failedAt < RETRY_AFTER_FAILURE_MS) return "failed";

  // Stored before Google is asked: Google's first ("sync") message may arrive before the answer.
  const token = randomBytes(32).toString("base64url");
  const fresh: StoredChannel = {
    id: randomUUID(),
    tokenHash: sha256(token).toString("hex"),
    resourceId: null,
    expiration: null,
    address,
  };
  await writeWatch(db, { channels: [fresh, ...watch.channels], failedAt: null });
  const answer = await withGoogleCalendar(db, "watch calendar", (api) => api.watch({ id: fresh.id, token, address }));
  if (!answer?.resourceId) {
    await writeWatch(db, { channels: watch.channels, failedAt: now });
    return "failed";
  }
  await writeWatch(db, { channels: [{ ...fresh, ...answer }, ...watch.channels], failedAt: null });
  if (watch.channels.length > 0) await stopChannels(db, watch.channels);
  log("info", "google calendar push channel registered", { expiration: answer.expiration, renewed: watch.channels.length > 0 });
  return watch.channels.length > 0 ? "renewed" : "registered";
}

/** Asks Google to end these channels (best effort) and forgets them. */
async function stopChannels(db: Database, channels: StoredChannel[]): Promise<void> {
  for (const channel of channels) {
    const resourceId = channel.resourceId;
    if (resourceId) await withGoogleCalendar(db, "stop channel", (api) => api.stopChannel({ id: channel.id, resourceId }));
  }
  const ids = new Set(channels.map((c) => c.id));
  const latest = await readWatch(db);
  await writeWatch(db, { ...latest, channels: latest.channels.filter((c) => !ids.has(c.id)) });
}

/** Ends every channel (the coach disconnects Google, or the connection changes). Call while the old tokens still work. */
export async function stopWatchChannels(db: Database): Promise<void> {
  const watch = await readWatch(db);
  if (watch.channels.length > 0) await stopChannels(db, watch.channels);
}

export interface NotificationHeaders {
  channelId: string | null;
  token: string | null;
  resourceId: string | null;
}

/**
 * True when a notification names one of our live (unexpired) channels with its token (compared in
 * constant time) and, once Google has told us, its resource id. Anything else is refused without a hint of which part was wrong.
 */
export async function isOurNotification(db: Database, headers: NotificationHeaders): Promise<boolean> {
  if (!headers.channelId || !headers.token || !headers.resourceId) return false;
  const { channels } = await readWatch(db);
  const channel = channels.find((c) => c.id === headers.channelId);
  // Google sends nothing on an ended channel; a notification that claims one is not Google's.
  if (!channel || (channel.expiration !== null && channel.expiration <= Date.now())) return false;
  const expected = Buffer.from(channel.tokenHash, "hex");
  const given = sha256(headers.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return channel.resourceId === null || channel.resourceId === headers.resourceId;
}
