/**
 * A loopback fake of the Google endpoints this product uses, speaking their real JSON shapes, one
 * file per endpoint group under google-fake/: OAuth consent and tokens (oauth.ts), the Calendar
 * API's freeBusy and events (calendar.ts), push channels and their notifications (channels.ts).
 * moveEvent/deleteEvent play the coach changing her calendar in Google. Point the app at it with googleEnv(fake).
 * Depends on node:http only, so Playwright specs and vitest files can both start it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { calendarEndpoints } from "./google-fake/calendar";
import { deliver } from "./google-fake/channels";
import { send } from "./google-fake/http";
import { oauthEndpoints } from "./google-fake/oauth";
import { createFakeState, removeEvent, touch } from "./google-fake/state";
import type { FakeGoogle } from "./google-fake/types";

export type { FakeChannel, FakeGoogle, FakeGoogleEvent } from "./google-fake/types";

/** Environment that points the app at the fake. */
export function googleEnv(fake: Pick<FakeGoogle, "baseUrl">): Record<string, string> {
  return {
    GOOGLE_OAUTH_BASE_URL: `${fake.baseUrl}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${fake.baseUrl}/token`,
    GOOGLE_API_BASE_URL: fake.baseUrl,
  };
}

export async function startFakeGoogle(options: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  const state = createFakeState(options);
  const { settings } = state;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const wait = settings.latencyMs > 0 ? new Promise((r) => setTimeout(r, settings.latencyMs)) : Promise.resolve();
    wait
      .then(async () => {
        for (const endpoints of [oauthEndpoints, calendarEndpoints]) {
          const status = await endpoints(state, req, res, url, method);
          if (status !== undefined) return status;
        }
        return send(res, 404, { error: { code: 404, message: `No fake for ${method} ${url.pathname}` } });
      })
      .then((status) => state.requests.push({ method, path: req.url ?? "/", status }))
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
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    events: state.events,
    deleted: state.deleted,
    busy: state.busy,
    requests: state.requests,
    patched: state.patched,
    channels: state.channels,
    stoppedChannels: state.stoppedChannels,
    get channelTtlMs() {
      return settings.channelTtlMs;
    },
    set channelTtlMs(value: number) {
      settings.channelTtlMs = value;
    },
    get latencyMs() {
      return settings.latencyMs;
    },
    set latencyMs(value: number) {
      settings.latencyMs = value;
    },
    get deliverTo() {
      return settings.deliverTo;
    },
    set deliverTo(value: string | null) {
      settings.deliverTo = value;
    },
    deliveries: state.deliveries,
    notify: (resourceState = "exists") => Promise.all([...state.channels.values()].map((c) => deliver(state, c, resourceState))),
    moveEvent(eventId, start, end) {
      const event = state.events.get(eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      event.start = { dateTime: start };
      event.end = { dateTime: end };
      touch(state, event);
    },
    deleteEvent(eventId) {
      const event = state.events.get(eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      state.events.delete(eventId);
      removeEvent(state, event);
    },
    expireSyncTokens() {
      state.syncTokens.clear();
    },
    revokeAll() {
      state.accessTokens.clear();
      state.refreshTokens.clear();
    },
    expireAccessTokens() {
      state.accessTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
