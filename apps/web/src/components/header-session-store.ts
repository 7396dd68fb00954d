"use client";

import { useSyncExternalStore } from "react";

/** The header's view of the account: the fields it shows, from `GET /api/auth/me`. */
export interface HeaderUser {
  username: string;
  firstName: string | null;
  role: "user" | "admin";
}

/** "unknown" until the first answer: the prerendered HTML is the same for every visitor. */
type HeaderSession = { status: "unknown" } | { status: "known"; user: HeaderUser | null };

let state: HeaderSession = { status: "unknown" };
const listeners = new Set<() => void>();
let inFlight: Promise<void> | undefined;

function publish(next: HeaderSession) {
  state = next;
  for (const listener of listeners) listener();
}

/** Called by whoever learns of a sign-in or sign-out (the app area's session provider, the header's Sign Out). */
export function announceSession(user: HeaderUser | null) {
  publish({ status: "known", user: user ? { username: user.username, firstName: user.firstName, role: user.role } : null });
}

/**
 * Asks the server who is signed in. One request at a time however many islands ask; a failure
 * leaves the last answer (an unreachable server must not sign the visitor out of the header).
 */
export function refreshHeaderSession(): Promise<void> {
  inFlight ??= fetch("/api/auth/me", { cache: "no-store", credentials: "same-origin", headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) return;
      const body = (await response.json()) as { user?: HeaderUser | null };
      announceSession(body.user ?? null);
    })
    .catch(() => undefined)
    .finally(() => (inFlight = undefined));
  return inFlight;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const UNKNOWN: HeaderSession = { status: "unknown" };

export function useHeaderSession(): HeaderSession {
  // The server (and the prerender) always renders the unknown state.
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => UNKNOWN,
  );
}
