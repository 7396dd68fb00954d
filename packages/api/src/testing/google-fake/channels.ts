/**
 * The Calendar API's push channels: events.watch and channels.stop, and the notifications Google
 * POSTs, with its headers, to every live channel's address (deliver).
 */
import { apiError, readJson, send, type Endpoint } from "./http";
import type { FakeState } from "./state";
import type { FakeChannel } from "./types";

const RESOURCE_URI = "https://www.googleapis.com/calendar/v3/calendars/primary/events?alt=json";

/** Sends one notification; resolves with the status it got (0: not delivered). */
export async function deliver(state: FakeState, channel: FakeChannel, resourceState: string): Promise<number> {
  const target = new URL(channel.address);
  // A test cannot reach the public https address the app registers: deliverTo redirects to its path here.
  const url = state.settings.deliverTo ? new URL(`${target.pathname}${target.search}`, state.settings.deliverTo) : target;
  const headers: Record<string, string> = {
    "x-goog-channel-id": channel.id,
    "x-goog-channel-expiration": new Date(channel.expiration).toUTCString(),
    "x-goog-resource-id": channel.resourceId,
    "x-goog-resource-uri": RESOURCE_URI,
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
  state.deliveries.push({ channelId: channel.id, state: resourceState, status });
  return status;
}

/** Called after the bearer token was checked (calendar.ts). */
export const channelEndpoints: Endpoint<FakeState> = async (state, req, res, url, method) => {
  if (method === "POST" && /^\/calendar\/v3\/calendars\/[^/]+\/events\/watch$/.test(url.pathname)) {
    const body = await readJson<{ id?: string; token?: string; type?: string; address?: string }>(req);
    if (!body.id || !body.address) return apiError(res, 400, "Required", "required");
    if (body.type !== "web_hook" && body.type !== "webhook") return apiError(res, 400, "Invalid channel type.", "invalid");
    if (!body.address.startsWith("https://"))
      return apiError(res, 400, "WebHook callback must be HTTPS: " + body.address, "push.webhookUrlNotHttps");
    if (state.channels.has(body.id) || state.stoppedChannels.includes(body.id))
      return apiError(res, 400, "Channel id not unique", "channelIdNotUnique");
    const channel: FakeChannel = {
      id: body.id,
      token: body.token,
      address: body.address,
      resourceId: state.eventsResourceId,
      expiration: Date.now() + state.settings.channelTtlMs,
      messageNumber: 1,
    };
    state.channels.set(channel.id, channel);
    // As Google does, a "sync" message right after the watch (only when a test can receive it).
    if (state.settings.deliverTo) setImmediate(() => void deliver(state, channel, "sync"));
    return send(res, 200, {
      kind: "api#channel",
      id: channel.id,
      resourceId: channel.resourceId,
      resourceUri: RESOURCE_URI,
      ...(channel.token !== undefined ? { token: channel.token } : {}),
      expiration: String(channel.expiration),
    });
  }
  if (method === "POST" && url.pathname === "/calendar/v3/channels/stop") {
    const body = await readJson<{ id?: string; resourceId?: string }>(req);
    const channel = state.channels.get(body.id ?? "");
    if (!channel || channel.resourceId !== body.resourceId) {
      return apiError(res, 404, `Channel '${body.id ?? ""}' not found for project`, "notFound");
    }
    state.channels.delete(channel.id);
    state.stoppedChannels.push(channel.id);
    return send(res, 204);
  }
  return undefined;
};
