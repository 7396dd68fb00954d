/**
 * Everything one Google fake remembers, shared by its endpoint groups (oauth.ts, calendar.ts,
 * channels.ts): the OAuth client and tokens, the calendar's events with a change counter for sync
 * tokens, and the push channels.
 */
import type { FakeChannel, FakeGoogle, FakeGoogleEvent } from "./types";
import { id } from "./http";

export function createFakeState(options: { clientId?: string; clientSecret?: string }) {
  const state = {
    clientId: options.clientId ?? `${id(6)}.apps.googleusercontent.com`,
    clientSecret: options.clientSecret ?? `GOCSPX-${id(12)}`,
    codes: new Map<string, { redirectUri: string }>(),
    accessTokens: new Set<string>(),
    refreshTokens: new Set<string>(),
    events: new Map<string, FakeGoogleEvent>(),
    deleted: [] as string[],
    busy: [] as Array<{ start: string; end: string }>,
    requests: [] as FakeGoogle["requests"],
    patched: [] as string[],
    /** Deleted events stay listed as cancelled for incremental syncs. */
    tombstones: new Map<string, FakeGoogleEvent>(),
    /** The calendar's change counter; a sync token remembers the value it was issued at. */
    version: 0,
    syncTokens: new Map<string, number>(),
    channels: new Map<string, FakeChannel>(),
    stoppedChannels: [] as string[],
    deliveries: [] as FakeGoogle["deliveries"],
    /** Google names the watched collection (the primary calendar's events) with one opaque id. */
    eventsResourceId: `res-${id(10)}`,
    /** What a test may change while the fake runs (FakeGoogle's setters). */
    settings: { channelTtlMs: 7 * 24 * 3_600_000, deliverTo: null as string | null, latencyMs: 0 },
  };
  return state;
}

export type FakeState = ReturnType<typeof createFakeState>;

/** Marks an event changed, so the next incremental sync lists it. */
export function touch(state: FakeState, event: FakeGoogleEvent) {
  event.version = ++state.version;
}

/** Takes an event off the calendar; incremental syncs list it as cancelled. */
export function removeEvent(state: FakeState, event: FakeGoogleEvent) {
  event.status = "cancelled";
  touch(state, event);
  state.tombstones.set(event.id, event);
}

export function issueAccessToken(state: FakeState): string {
  const token = `ya29.${id()}`;
  state.accessTokens.add(token);
  return token;
}
