/**
 * Google Calendar over `@googleapis/calendar` and `google-auth-library`. Every endpoint's base URL
 * can be overridden (GOOGLE_OAUTH_BASE_URL, GOOGLE_TOKEN_URL, GOOGLE_API_BASE_URL), which is how the
 * tests reach the loopback fake in `../testing/google-fake.ts`.
 */
import { settings } from "@coach/config";
import { calendar, type calendar_v3 } from "@googleapis/calendar";
import { OAuth2Client, type Credentials } from "google-auth-library";

/** Create/delete events on the coach's calendars, and read their free/busy times. */
export const GOOGLE_SCOPES = ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar.freebusy"];

/** Each Google call gives up after this long, so a slow Google never holds up a booking for long. */
const TIMEOUT_MS = 8_000;

export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  apiRootUrl: string;
}

/**
 * GOOGLE_OAUTH_BASE_URL may be the consent endpoint itself (…/auth) or a base such as
 * http://127.0.0.1:4010, to which Google's path /o/oauth2/v2/auth is added.
 */
export function googleEndpoints(): GoogleEndpoints {
  const google = settings().google;
  const oauthBase = google.oauthBaseUrl;
  const authUrl = !oauthBase
    ? "https://accounts.google.com/o/oauth2/v2/auth"
    : /\/auth\/?$/.test(oauthBase)
      ? oauthBase
      : `${oauthBase.replace(/\/$/, "")}/o/oauth2/v2/auth`;
  const tokenUrl = google.tokenUrl ?? "https://oauth2.googleapis.com/token";
  const apiRootUrl = `${(google.apiBaseUrl ?? "https://www.googleapis.com").replace(/\/$/, "")}/`;
  return { authUrl, tokenUrl, apiRootUrl };
}

export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export function oauthClient(config: OAuthConfig, credentials?: Credentials): OAuth2Client {
  const endpoints = googleEndpoints();
  const client = new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    endpoints: { oauth2AuthBaseUrl: endpoints.authUrl, oauth2TokenUrl: endpoints.tokenUrl },
    transporterOptions: { timeout: TIMEOUT_MS },
    // A 401 on a token that looks unexpired (revoked early, clock skew) triggers one refresh and retry.
    forceRefreshOnFailure: true,
  });
  if (credentials) client.setCredentials(credentials);
  return client;
}

/** The consent screen: offline access (a refresh token) and a fresh consent so Google always sends one. */
export function consentUrl(config: OAuthConfig, state: string): string {
  return oauthClient(config).generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: true,
    scope: GOOGLE_SCOPES,
    state,
  });
}

export async function exchangeCode(config: OAuthConfig, code: string): Promise<Credentials> {
  const { tokens } = await oauthClient(config).getToken({ code, redirect_uri: config.redirectUri });
  return tokens;
}

export interface BusyBlock {
  start: Date;
  end: Date;
}

export interface NewEvent {
  appointmentId: number;
  summary: string;
  description?: string;
  start: Date;
  end: Date;
  attendee: { email: string; name: string };
}

export interface ChangedEvent {
  id: string;
  /** "confirmed", "tentative" or "cancelled" (deleted) */
  status: string;
  start: Date | null;
  end: Date | null;
  /** Our booking, from the event's private extended property. */
  appointmentId: number | null;
}

export interface CreatedEvent {
  id: string;
  meetLink: string | null;
}

/** One authorised calendar session; `credentials` reflects a refresh done during the calls. */
export class CalendarApi {
  readonly auth: OAuth2Client;
  private readonly api: calendar_v3.Calendar;

  constructor(config: OAuthConfig, credentials: Credentials) {
    this.auth = oauthClient(config, credentials);
    this.api = calendar({
      version: "v3",
      // Both packages ship google-auth-library; the client is the same at run time.
      auth: this.auth as unknown as calendar_v3.Options["auth"],
      rootUrl: googleEndpoints().apiRootUrl,
      timeout: TIMEOUT_MS,
      retry: false,
    });
  }

  get credentials(): Credentials {
    return this.auth.credentials;
  }

  async busy(timeMin: Date, timeMax: Date): Promise<BusyBlock[]> {
    const { data } = await this.api.freebusy.query({
      requestBody: { timeMin: timeMin.toISOString(), timeMax: timeMax.toISOString(), items: [{ id: "primary" }] },
    });
    const primary = data.calendars?.primary;
    if (primary?.errors?.length) throw new Error(`freebusy: ${primary.errors.map((e) => e.reason).join(", ")}`);
    return (primary?.busy ?? [])
      .map((b) => ({ start: new Date(b.start ?? ""), end: new Date(b.end ?? "") }))
      .filter((b) => !Number.isNaN(b.start.getTime()) && !Number.isNaN(b.end.getTime()) && b.end > b.start);
  }

  async createEvent(event: NewEvent): Promise<CreatedEvent> {
    const { data } = await this.api.events.insert({
      calendarId: "primary",
      conferenceDataVersion: 1,
      sendUpdates: "none",
      requestBody: {
        summary: event.summary,
        description: event.description,
        start: { dateTime: event.start.toISOString() },
        end: { dateTime: event.end.toISOString() },
        attendees: [{ email: event.attendee.email, displayName: event.attendee.name }],
        conferenceData: {
          createRequest: { requestId: `appointment-${event.appointmentId}`, conferenceSolutionKey: { type: "hangoutsMeet" } },
        },
        extendedProperties: { private: { appointmentId: String(event.appointmentId) } },
      },
    });
    if (!data.id) throw new Error("Google did not return an event id");
    const video = data.conferenceData?.entryPoints?.find((e) => e.entryPointType === "video")?.uri;
    return { id: data.id, meetLink: data.hangoutLink ?? video ?? null };
  }

  /** Moves an existing event (PATCH keeps its id, Meet link and attendees). */
  async moveEvent(eventId: string, change: { start: Date; end: Date; summary?: string; description?: string }): Promise<void> {
    await this.api.events.patch({
      calendarId: "primary",
      eventId,
      sendUpdates: "none",
      requestBody: {
        start: { dateTime: change.start.toISOString() },
        end: { dateTime: change.end.toISOString() },
        ...(change.summary ? { summary: change.summary } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
      },
    });
  }

  /**
   * Events changed since `syncToken` (all events when null), following every page. Google answers
   * 410 when the token is too old; the caller then starts over with a full sync.
   */
  async changedEvents(syncToken: string | null): Promise<{ events: ChangedEvent[]; nextSyncToken: string | null }> {
    const events: ChangedEvent[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const { data } = await this.api.events.list({
        calendarId: "primary",
        singleEvents: true,
        showDeleted: true,
        maxResults: 250,
        ...(syncToken ? { syncToken } : {}),
        ...(pageToken ? { pageToken } : {}),
      });
      for (const item of data.items ?? []) {
        if (!item.id) continue;
        events.push({
          id: item.id,
          status: item.status ?? "confirmed",
          start: item.start?.dateTime ? new Date(item.start.dateTime) : null,
          end: item.end?.dateTime ? new Date(item.end.dateTime) : null,
          appointmentId: Number(item.extendedProperties?.private?.appointmentId) || null,
        });
      }
      if (data.nextPageToken) {
        pageToken = data.nextPageToken;
        continue;
      }
      return { events, nextSyncToken: data.nextSyncToken ?? null };
    }
  }

  /**
   * Asks Google to POST to `address` when the primary calendar's events change (push notifications).
   * Google repeats `token` in every notification; the channel ends at `expiration` (ms) unless renewed.
   */
  async watch(channel: { id: string; token: string; address: string }): Promise<{ resourceId: string | null; expiration: number | null }> {
    const { data } = await this.api.events.watch({
      calendarId: "primary",
      requestBody: { id: channel.id, token: channel.token, type: "web_hook", address: channel.address },
    });
    return { resourceId: data.resourceId ?? null, expiration: data.expiration ? Number(data.expiration) : null };
  }

  /** Ends a push channel; one Google no longer knows (404) counts as ended. */
  async stopChannel(channel: { id: string; resourceId: string }): Promise<void> {
    try {
      await this.api.channels.stop({ requestBody: { id: channel.id, resourceId: channel.resourceId } });
    } catch (error) {
      if (httpStatus(error) === 404) return;
      throw error;
    }
  }

  /** Deleting an event that is already gone (404/410) counts as done. */
  async deleteEvent(eventId: string): Promise<void> {
    try {
      await this.api.events.delete({ calendarId: "primary", eventId, sendUpdates: "none" });
    } catch (error) {
      const status = httpStatus(error);
      if (status === 404 || status === 410) return;
      throw error;
    }
  }
}

export function httpStatus(error: unknown): number | undefined {
  const e = error as { status?: unknown; code?: unknown; response?: { status?: unknown } } | null;
  const value = e?.response?.status ?? e?.status ?? e?.code;
  return typeof value === "number" ? value : typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : undefined;
}

/**
 * True when Google refused our credentials for good: a refresh token that expired or was revoked
 * (invalid_grant), an invalid client, or a 401 that survived the automatic refresh.
 */
export function isAuthFailure(error: unknown): boolean {
  const e = error as { response?: { data?: unknown }; message?: unknown } | null;
  const data = e?.response?.data as { error?: unknown } | undefined;
  const code = typeof data?.error === "string" ? data.error : "";
  const message = typeof e?.message === "string" ? e.message : "";
  if (["invalid_grant", "invalid_client", "unauthorized_client"].includes(code)) return true;
  if (/invalid_grant|invalid_client|No refresh token|No access, refresh token/i.test(message)) return true;
  return httpStatus(error) === 401;
}
