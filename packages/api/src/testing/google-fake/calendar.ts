/**
 * The Calendar API's calendar endpoints, behind its bearer check: freeBusy, and events
 * insert/patch/delete/list (with sync tokens: a list answers the events changed since the token,
 * and 410 for a token it never issued). Push channels: channels.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { channelEndpoints } from "./channels";
import { apiError, id, readJson, send, type Endpoint } from "./http";
import { removeEvent, touch, type FakeState } from "./state";
import type { FakeGoogleEvent } from "./types";

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

export const calendarEndpoints: Endpoint<FakeState> = async (state, req, res, url, method) => {
  if (!url.pathname.startsWith("/calendar/v3/")) return undefined;
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!bearer || !state.accessTokens.has(bearer)) {
    return apiError(res, 401, "Request had invalid authentication credentials.", "authError");
  }
  const channelStatus = await channelEndpoints(state, req, res, url, method);
  if (channelStatus !== undefined) return channelStatus;
  if (method === "POST" && url.pathname === "/calendar/v3/freeBusy") return freeBusy(state, req, res);
  const eventsPath = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
  if (!eventsPath) return undefined;
  const eventId = eventsPath[2] ? decodeURIComponent(eventsPath[2]) : undefined;
  if (!eventId && method === "POST") return insertEvent(state, req, res, url);
  if (!eventId && method === "GET") return listEvents(state, res, url);
  if (eventId && method === "DELETE") {
    if (state.deleted.includes(eventId)) return apiError(res, 410, "Resource has been deleted", "deleted");
    const gone = state.events.get(eventId);
    if (!gone || !state.events.delete(eventId)) return apiError(res, 404, "Not Found", "notFound");
    state.deleted.push(eventId);
    removeEvent(state, gone);
    return send(res, 204);
  }
  if (eventId && method === "PATCH") {
    const event = state.events.get(eventId);
    if (!event) return apiError(res, 404, "Not Found", "notFound");
    const body = await readJson<Partial<FakeGoogleEvent>>(req);
    // A PATCH changes only the fields it carries (the calendar event's own start and end times).
    Object.assign(event, {
      ...(body.start?.dateTime ? { start: { dateTime: body.start.dateTime } } : {}),
      ...(body.end?.dateTime ? { end: { dateTime: body.end.dateTime } } : {}),
      ...(body.summary !== undefined ? { summary: body.summary } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    touch(state, event);
    state.patched.push(eventId);
    return send(res, 200, toApi(event));
  }
  return undefined;
};

/** The primary calendar is busy during its live events and the test's extra blocks. */
async function freeBusy(state: FakeState, req: IncomingMessage, res: ServerResponse) {
  const body = await readJson<{ timeMin?: string; timeMax?: string; items?: Array<{ id: string }> }>(req);
  if (!body.timeMin || !body.timeMax) return apiError(res, 400, "Missing timeMin or timeMax.", "required");
  const min = Date.parse(body.timeMin);
  const max = Date.parse(body.timeMax);
  const blocks = [...state.busy, ...[...state.events.values()].map((e) => ({ start: e.start.dateTime, end: e.end.dateTime }))]
    .filter((b) => Date.parse(b.end) > min && Date.parse(b.start) < max)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const calendars: Record<string, { busy: Array<{ start: string; end: string }> }> = {};
  for (const item of body.items ?? []) calendars[item.id] = { busy: item.id === "primary" ? blocks : [] };
  return send(res, 200, { kind: "calendar#freeBusy", timeMin: body.timeMin, timeMax: body.timeMax, calendars });
}

/** events.insert, with a Meet link when conference data is asked for (conferenceDataVersion=1). */
async function insertEvent(state: FakeState, req: IncomingMessage, res: ServerResponse, url: URL) {
  const body = await readJson<Partial<FakeGoogleEvent> & { conferenceData?: { createRequest?: { requestId?: string } } }>(req);
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
    extendedProperties: body.extendedProperties,
  };
  touch(state, event);
  state.events.set(eventId, event);
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

/** events.list: everything (live, or with deleted ones), or what changed since a sync token. */
function listEvents(state: FakeState, res: ServerResponse, url: URL) {
  const syncToken = url.searchParams.get("syncToken");
  let since = 0;
  if (syncToken) {
    const known = state.syncTokens.get(syncToken);
    if (known === undefined) return apiError(res, 410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
    since = known;
  }
  const withDeleted = !!syncToken || url.searchParams.get("showDeleted") === "true";
  const all = [...state.events.values(), ...(withDeleted ? [...state.tombstones.values()] : [])];
  const items = all.filter((e) => (e.version ?? 0) > since).map(toApi);
  const nextSyncToken = `sync-${id(8)}`;
  state.syncTokens.set(nextSyncToken, state.version);
  return send(res, 200, { kind: "calendar#events", items, nextSyncToken });
}
