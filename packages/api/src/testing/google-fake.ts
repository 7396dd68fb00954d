/**
 * A loopback fake of the Google endpoints this product uses, speaking their real JSON shapes:
 * the OAuth consent screen (GET /o/oauth2/v2/auth, which "consents" at once and redirects back),
 * the token endpoint (POST /token: authorization_code and refresh_token grants), the Calendar API's
 * freeBusy query and events insert/patch/delete/list (with sync tokens: a list answers the events
 * changed since the token, and 410 for a token it never issued), events.watch and channels.stop (push
 * channels: notify() POSTs Google's notification headers to every live channel's address).
 * moveEvent/deleteEvent play the coach changing her calendar in Google. Point the app at it with googleEnv(fake).
 * Depends on node:http only, so Playwright specs and vitest files can both start it.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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

/** Environment that points the app at the fake. */
export function googleEnv(fake: Pick<FakeGoogle, "baseUrl">): Record<string, string> {
  return {
    GOOGLE_OAUTH_BASE_URL: `${fake.baseUrl}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${fake.baseUrl}/token`,
    GOOGLE_API_BASE_URL: fake.baseUrl,
  };
}

const id = (bytes = 12) => randomBytes(bytes).toString("hex");

function send(res: ServerResponse, status: number, body?: unknown): number {
  if (body === undefined) {
    res.writeHead(status).end();
  } else {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
  }
  return status;
}

function apiError(res: ServerResponse, status: number, message: string, reason: string): number {
  const statusName: Record<number, string> = { 400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 404: "NOT_FOUND", 410: "NOT_FOUND" };
  return send(res, status, {
    error: { code: status, message, errors: [{ message, domain: "global", reason }], status: statusName[status] ?? "UNKNOWN" },
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeGoogle(options: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const clientId = options.clientId ?? `${id(6)}.apps.googleusercontent.com`;
  const clientSecret = options.clientSecret ?? `GOCSPX-${id(12)}`;
  const codes = new Map<string, { redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const events = new Map<string, FakeGoogleEvent>();
  const deleted: string[] = [];
  const busy: Array<{ start: string; end: string }> = [];
  const requests: FakeGoogle["requests"] = [];
  const patched: string[] = [];
  /** Deleted events stay listed as cancelled for incremental syncs. */
  const tombstones = new Map<string, FakeGoogleEvent>();
  let version = 0;
  const tokens = new Map<string, number>();
  const channels = new Map<string, FakeChannel>();
  const stoppedChannels: string[] = [];
  const deliveries: FakeGoogle["deliveries"] = [];
  /** Google names the watched collection (the primary calendar's events) with one opaque id. */
  const eventsResourceId = `res-${id(10)}`;
  const state = { channelTtlMs: 7 * 24 * 3_600_000, deliverTo: null as string | null, latencyMs: 0 };

  async function deliver(channel: FakeChannel, resourceState: string): Promise<number> {
    const target = new URL(channel.address);
    const url = state.deliverTo ? new URL(`${target.pathname}${target.search}`, state.deliverTo) : target;
    const headers: Record<string, string> = {
      "x-goog-channel-id": channel.id,
      "x-goog-channel-expiration": new Date(channel.expiration).toUTCString(),
      "x-goog-resource-id": channel.resourceId,
      "x-goog-resource-uri": `https://www.googleapis.com/calendar/v3/calendars/primary/events?alt=json`,
      "x-goog-resource-state": resourceState,
      "x-goog-message-number": String(channel.messageNumber++),
      "user-agent": "APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)",
    };
    if (channel.token !== undefined) headers["x-goog-channel-token"] = channel.token;
    const status = await fetch(url, { method: "POST", headers }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );
    deliveries.push({ channelId: channel.id, state: resourceState, status });
    return status;
  }
  const touch = (event: FakeGoogleEvent) => {
    event.version = ++version;
  };
  const issueSyncToken = () => {
    const token = `sync-${id(8)}`;
    tokens.set(token, version);
    return token;
  };
  const toApi = (e: FakeGoogleEvent) => ({
    kind: "calendar#event",
    id: e.id,
    status: e.status,
    summary: e.summary,
    description: e.description,
    start: e.start,
    end: e.end,
    attendees: e.attendees,
    extendedProperties: e.extendedProperties,
  });

  const issueAccess = () => {
    const token = `ya29.${id()}`;
    accessTokens.add(token);
    return token;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";

    if (method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      const redirectUri = url.searchParams.get("redirect_uri");
      if (url.searchParams.get("client_id") !== clientId || !redirectUri) {
        return send(res, 400, { error: "invalid_request", error_description: "The OAuth client was not found." });
      }
      const code = `4/${id()}`;
      codes.set(code, { redirectUri });
      const target = new URL(redirectUri);
      target.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state !== null) target.searchParams.set("state", state);
      target.searchParams.set("scope", url.searchParams.get("scope") ?? "");
      res.writeHead(302, { location: target.toString() }).end();
      return 302;
    }

    if (method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readBody(req));
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
        return send(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
      }
      const grant = form.get("grant_type");
      if (grant === "authorization_code") {
        const entry = codes.get(form.get("code") ?? "");
        if (!entry || entry.redirectUri !== form.get("redirect_uri")) {
          return send(res, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
        }
        codes.delete(form.get("code") ?? "");
        const refresh = `1//${id()}`;
        refreshTokens.add(refresh);
        return send(res, 200, {
          access_token: issueAccess(),
          expires_in: 3599,
          refresh_token: refresh,
          scope: "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy",
          token_type: "Bearer",
        });
      }
      if (grant === "refresh_token") {
        if (!refreshTokens.has(form.get("refresh_token") ?? "")) {
          return send(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
        }
        return send(res, 200, {
          access_token: issueAccess(),
          expires_in: 3599,
          scope: "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy",
          token_type: "Bearer",
        });
      }
      return send(res, 400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grant ?? ""}` });
    }

    if (url.pathname.startsWith("/calendar/v3/")) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer || !accessTokens.has(bearer)) {
        return apiError(res, 401, "Request had invalid authentication credentials.", "authError");
      }
      if (method === "POST" && url.pathname === "/calendar/v3/freeBusy") {
        const body = JSON.parse((await readBody(req)) || "{}") as { timeMin?: string; timeMax?: string; items?: Array<{ id: string }> };
        if (!body.timeMin || !body.timeMax) return apiError(res, 400, "Missing timeMin or timeMax.", "required");
        const min = Date.parse(body.timeMin);
        const max = Date.parse(body.timeMax);
        const blocks = [...busy, ...[...events.values()].map((e) => ({ start: e.start.dateTime, end: e.end.dateTime }))]
          .filter((b) => Date.parse(b.end) > min && Date.parse(b.start) < max)
          .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
        const calendars: Record<string, { busy: Array<{ start: string; end: string }> }> = {};
        for (const item of body.items ?? []) calendars[item.id] = { busy: item.id === "primary" ? blocks : [] };
        return send(res, 200, { kind: "calendar#freeBusy", timeMin: body.timeMin, timeMax: body.timeMax, calendars });
      }
      if (method === "POST" && /^\/calendar\/v3\/calendars\/[^/]+\/events\/watch$/.test(url.pathname)) {
        const body = JSON.parse((await readBody(req)) || "{}") as { id?: string; token?: string; type?: string; address?: string };
        if (!body.id || !body.address) return apiError(res, 400, "Required", "required");
        if (body.type !== "web_hook" && body.type !== "webhook") return apiError(res, 400, "Invalid channel type.", "invalid");
        if (!body.address.startsWith("https://"))
          return apiError(res, 400, "WebHook callback must be HTTPS: " + body.address, "push.webhookUrlNotHttps");
        if (channels.has(body.id) || stoppedChannels.includes(body.id))
          return apiError(res, 400, "Channel id not unique", "channelIdNotUnique");
        const channel: FakeChannel = {
          id: body.id,
          token: body.token,
          address: body.address,
          resourceId: eventsResourceId,
          expiration: Date.now() + state.channelTtlMs,
          messageNumber: 1,
        };
        channels.set(channel.id, channel);
        if (state.deliverTo) setImmediate(() => void deliver(channel, "sync"));
        return send(res, 200, {
          kind: "api#channel",
          id: channel.id,
          resourceId: channel.resourceId,
          resourceUri: "https://www.googleapis.com/calendar/v3/calendars/primary/events?alt=json",
          ...(channel.token !== undefined ? { token: channel.token } : {}),
          expiration: String(channel.expiration),
        });
      }
      if (method === "POST" && url.pathname === "/calendar/v3/channels/stop") {
        const body = JSON.parse((await readBody(req)) || "{}") as { id?: string; resourceId?: string };
        const channel = channels.get(body.id ?? "");
        if (!channel || channel.resourceId !== body.resourceId) {
          return apiError(res, 404, `Channel '${body.id ?? ""}' not found for project`, "notFound");
        }
        channels.delete(channel.id);
        stoppedChannels.push(channel.id);
        return send(res, 204);
      }
      const eventsPath = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
      if (eventsPath && method === "POST" && !eventsPath[2]) {
        const body = JSON.parse((await readBody(req)) || "{}") as Partial<FakeGoogleEvent> & {
          conferenceData?: { createRequest?: { requestId?: string } };
        };
        if (!body.start?.dateTime || !body.end?.dateTime) return apiError(res, 400, "Missing end time.", "required");
        const eventId = id(13);
        const conferenceRequested = url.searchParams.get("conferenceDataVersion") === "1" && !!body.conferenceData?.createRequest;
        const meet = `https://meet.google.com/${id(2)}-${id(2)}-${id(2)}`;
        const event: FakeGoogleEvent = {
          id: eventId,
          summary: body.summary,
          description: body.description,
          start: { dateTime: body.start.dateTime },
          end: { dateTime: body.end.dateTime },
          attendees: body.attendees,
          hangoutLink: meet,
          status: "confirmed",
          conferenceRequested,
          extendedProperties: (body as { extendedProperties?: FakeGoogleEvent["extendedProperties"] }).extendedProperties,
        };
        touch(event);
        events.set(eventId, event);
        return send(res, 200, {
          kind: "calendar#event",
          id: eventId,
          status: "confirmed",
          htmlLink: `https://www.google.com/calendar/event?eid=${eventId}`,
          summary: event.summary,
          description: event.description,
          start: event.start,
          end: event.end,
          attendees: event.attendees,
          ...(conferenceRequested
            ? {
                hangoutLink: meet,
                conferenceData: {
                  createRequest: { requestId: body.conferenceData?.createRequest?.requestId, status: { statusCode: "success" } },
                  entryPoints: [{ entryPointType: "video", uri: meet, label: meet.replace("https://", "") }],
                  conferenceSolution: { key: { type: "hangoutsMeet" }, name: "Google Meet" },
                  conferenceId: meet.split("/").pop(),
                },
              }
            : {}),
        });
      }
      if (eventsPath?.[2] && method === "DELETE") {
        const eventId = decodeURIComponent(eventsPath[2]);
        if (deleted.includes(eventId)) return apiError(res, 410, "Resource has been deleted", "deleted");
        const gone = events.get(eventId);
        if (!gone || !events.delete(eventId)) return apiError(res, 404, "Not Found", "notFound");
        deleted.push(eventId);
        remove(gone);
        return send(res, 204);
      }
      if (eventsPath?.[2] && method === "PATCH") {
        const eventId = decodeURIComponent(eventsPath[2]);
        const event = events.get(eventId);
        if (!event) return apiError(res, 404, "Not Found", "notFound");
        const body = JSON.parse((await readBody(req)) || "{}") as Partial<FakeGoogleEvent>;
        if (body.start?.dateTime) event.start = { dateTime: body.start.dateTime };
        if (body.end?.dateTime) event.end = { dateTime: body.end.dateTime };
        if (body.summary !== undefined) event.summary = body.summary;
        if (body.description !== undefined) event.description = body.description;
        touch(event);
        patched.push(eventId);
        return send(res, 200, toApi(event));
      }
      if (eventsPath && !eventsPath[2] && method === "GET") {
        const syncToken = url.searchParams.get("syncToken");
        let since = 0;
        if (syncToken) {
          const known = tokens.get(syncToken);
          if (known === undefined) return apiError(res, 410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
          since = known;
        }
        const withDeleted = !!syncToken || url.searchParams.get("showDeleted") === "true";
        const all = [...events.values(), ...(withDeleted ? [...tombstones.values()] : [])];
        const items = all.filter((e) => (e.version ?? 0) > since).map(toApi);
        return send(res, 200, { kind: "calendar#events", items, nextSyncToken: issueSyncToken() });
      }
    }
    return send(res, 404, { error: { code: 404, message: `No fake for ${method} ${url.pathname}` } });
  }

  function remove(event: FakeGoogleEvent) {
    event.status = "cancelled";
    touch(event);
    tombstones.set(event.id, event);
  }

  const server = createServer((req, res) => {
    const wait = state.latencyMs > 0 ? new Promise((r) => setTimeout(r, state.latencyMs)) : Promise.resolve();
    wait
      .then(() => handle(req, res))
      .then((status) => requests.push({ method: req.method ?? "GET", path: req.url ?? "/", status }))
      .catch(() => {
        if (!res.headersSent) send(res, 500, { error: { code: 500, message: "fake failed" } });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    events,
    deleted,
    busy,
    requests,
    patched,
    channels,
    stoppedChannels,
    get channelTtlMs() {
      return state.channelTtlMs;
    },
    set channelTtlMs(value: number) {
      state.channelTtlMs = value;
    },
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(value: number) {
      state.latencyMs = value;
    },
    get deliverTo() {
      return state.deliverTo;
    },
    set deliverTo(value: string | null) {
      state.deliverTo = value;
    },
    deliveries,
    notify: (resourceState = "exists") => Promise.all([...channels.values()].map((c) => deliver(c, resourceState))),
    moveEvent(eventId, start, end) {
      const event = events.get(eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      event.start = { dateTime: start };
      event.end = { dateTime: end };
      touch(event);
    },
    deleteEvent(eventId) {
      const event = events.get(eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      events.delete(eventId);
      remove(event);
    },
    expireSyncTokens() {
      tokens.clear();
    },
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
