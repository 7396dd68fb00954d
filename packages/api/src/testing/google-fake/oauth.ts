/**
 * Google's OAuth endpoints: the consent screen (GET /o/oauth2/v2/auth, which "consents" at once and
 * redirects back with a code) and the token endpoint (POST /token: authorization_code and
 * refresh_token grants).
 */
import { id, readBody, send, type Endpoint } from "./http";
import { issueAccessToken, type FakeState } from "./state";

const SCOPE = "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy";

export const oauthEndpoints: Endpoint<FakeState> = async (state, req, res, url, method) => {
  if (method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
    const redirectUri = url.searchParams.get("redirect_uri");
    if (url.searchParams.get("client_id") !== state.clientId || !redirectUri) {
      return send(res, 400, { error: "invalid_request", error_description: "The OAuth client was not found." });
    }
    const code = `4/${id()}`;
    state.codes.set(code, { redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set("code", code);
    const given = url.searchParams.get("state");
    if (given !== null) target.searchParams.set("state", given);
    target.searchParams.set("scope", url.searchParams.get("scope") ?? "");
    res.writeHead(302, { location: target.toString() }).end();
    return 302;
  }

  if (method === "POST" && url.pathname === "/token") {
    const form = new URLSearchParams(await readBody(req));
    if (form.get("client_id") !== state.clientId || form.get("client_secret") !== state.clientSecret) {
      return send(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    }
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      const entry = state.codes.get(form.get("code") ?? "");
      if (!entry || entry.redirectUri !== form.get("redirect_uri")) {
        return send(res, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
      }
      state.codes.delete(form.get("code") ?? "");
      const refresh = `1//${id()}`;
      state.refreshTokens.add(refresh);
      return send(res, 200, {
        access_token: issueAccessToken(state),
        expires_in: 3599,
        refresh_token: refresh,
        scope: SCOPE,
        token_type: "Bearer",
      });
    }
    if (grant === "refresh_token") {
      if (!state.refreshTokens.has(form.get("refresh_token") ?? "")) {
        return send(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      }
      return send(res, 200, { access_token: issueAccessToken(state), expires_in: 3599, scope: SCOPE, token_type: "Bearer" });
    }
    return send(res, 400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grant ?? ""}` });
  }
  return undefined;
};
