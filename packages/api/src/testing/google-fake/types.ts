/** What the Google fake holds and what a test can see and steer of it (google-fake.ts starts one). */
export interface FakeGoogleEvent {
  id: string;
  summary?: string;
  description?: string;
  start: { dateTime: string };
  end: { dateTime: string };
  attendees?: Array<{ email: string; displayName?: string }>;
  hangoutLink: string;
  status: "confirmed" | "cancelled";
  conferenceRequested: boolean;
  extendedProperties?: { private?: Record<string, string> };
  /** Change counter, for sync tokens. */
  version?: number;
}

export interface FakeChannel {
  id: string;
  token?: string;
  address: string;
  resourceId: string;
  /** ms since the epoch */
  expiration: number;
  /** X-Goog-Message-Number of the next notification */
  messageNumber: number;
}

export interface FakeGoogle {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Live events by id (deleted ones are removed). */
  events: Map<string, FakeGoogleEvent>;
  /** Ids of events deleted through the API. */
  deleted: string[];
  /** Busy blocks freeBusy reports besides the live events. */
  busy: Array<{ start: string; end: string }>;
  /** Every request: method, path (with query) and status. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** Ids of events changed through events.patch (a moved, not recreated, event). */
  patched: string[];
  /** Live push channels by id (events.watch adds, channels.stop removes). */
  channels: Map<string, FakeChannel>;
  /** Ids of channels ended through channels.stop. */
  stoppedChannels: string[];
  /** How long a new channel lives (Google's default for Calendar: a week). */
  channelTtlMs: number;
  /**
   * Where notifications really go: a test cannot reach the public https address the app registers, so
   * when set, each is sent to the address's path on this origin. Setting it also makes the fake send
   * Google's first "sync" message right after each events.watch, as Google does.
   */
  deliverTo: string | null;
  /** How long the fake waits before answering each API request (Google on a slow day). */
  latencyMs: number;
  /** Every notification sent and the status it got (0: not delivered). */
  deliveries: Array<{ channelId: string; state: string; status: number }>;
  /** Google notifies every live channel that the calendar changed ("exists"); resolves with the statuses. */
  notify(state?: "exists" | "not_exists" | "sync"): Promise<number[]>;
  /** The coach moves an event in Google Calendar. */
  moveEvent(id: string, start: string, end: string): void;
  /** The coach deletes an event in Google Calendar (listed as cancelled to incremental syncs). */
  deleteEvent(id: string): void;
  /** Makes every issued sync token invalid (Google then answers 410 Gone). */
  expireSyncTokens(): void;
  /** Revokes every token: refresh fails with invalid_grant, API calls with 401. */
  revokeAll(): void;
  /** Makes current access tokens expire, so the next call must refresh. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}
