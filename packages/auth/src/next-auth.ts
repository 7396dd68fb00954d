import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { eq, schema, type Database } from "@coach/db";
import type { Role } from "@coach/db/enums";
import { bumpSessionVersion } from "./accounts";
import { getAuthSecret } from "./secret";
import { SESSION_MAX_AGE_SECONDS, sessionExpired } from "./session";

/**
 * next-auth (credentials provider, JWT sessions) over the same accounts and the same cookie as the
 * REST and tRPC `auth` procedures: a token carries the user id (`sub`) and the session version (`sv`),
 * and every use is checked against the database, so logout, a password reset or a role change ends it
 * at once. The role is read from the database on every session read, never trusted from the token.
 */

export interface CredentialsUser {
  id: number;
  username: string;
  email: string;
  sessionVersion: number;
}

export interface AuthOptionsDeps {
  getDb: () => Promise<Database>;
  /** Checks username + password (with the app's rate limits); null or a thrown error refuses. */
  authorize: (credentials: { username: string; password: string }, headers: Headers) => Promise<CredentialsUser | null>;
  /** Where next-auth's own diagnostics go (never console.error in production logs). */
  logger?: (level: "error" | "warn" | "debug", code: string, metadata?: unknown) => void;
}

class SessionEnded extends Error {
  constructor() {
    super("SESSION_ENDED");
  }
}

export function createAuthOptions(deps: AuthOptionsDeps): AuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/auth", error: "/auth" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Username and password",
        credentials: {
          username: { label: "Username", type: "text" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          const username = typeof credentials?.username === "string" ? credentials.username : "";
          const password = typeof credentials?.password === "string" ? credentials.password : "";
          const headers = new Headers();
          for (const [key, value] of Object.entries(req?.headers ?? {})) {
            if (typeof value === "string") headers.set(key, value);
          }
          const user = await deps.authorize({ username, password }, headers);
          return user ? { id: String(user.id), name: user.username, email: user.email, sv: user.sessionVersion } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const now = Math.floor(Date.now() / 1000);
        if (user) {
          token.sv = (user as unknown as { sv: number }).sv;
          token.st = now;
          token.seen = now;
        }
        const userId = Number(token.sub);
        const db = await deps.getDb();
        const [row] = Number.isInteger(userId) ? await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1) : [];
        // An ended session clears the cookie (next-auth drops the token when this throws).
        if (!row || row.disabledAt || row.sessionVersion !== token.sv) throw new SessionEnded();
        // The same limits as every other reader of the cookie; next-auth re-issues it on each read, so this is a use.
        if (sessionExpired(token, row.role)) throw new SessionEnded();
        return { ...token, seen: now, name: row.username, email: row.email, role: row.role, firstName: row.firstName };
      },
      session({ session, token }) {
        return {
          ...session,
          user: {
            ...session.user,
            id: Number(token.sub),
            username: token.name,
            firstName: (token.firstName as string | null | undefined) ?? null,
            role: token.role as Role,
          },
        };
      },
    },
    events: {
      async signOut({ token }) {
        const userId = Number(token?.sub);
        if (Number.isInteger(userId)) await bumpSessionVersion(await deps.getDb(), userId);
      },
    },
    logger: {
      error: (code, metadata) => {
        // An ended session is expected, not an error.
        const ended =
          metadata instanceof Error
            ? metadata.message === "SESSION_ENDED"
            : (metadata as { message?: string } | undefined)?.message === "SESSION_ENDED";
        deps.logger?.(ended ? "debug" : "error", code, ended ? undefined : metadata);
      },
      warn: (code) => deps.logger?.("warn", code),
      debug: () => undefined,
    },
  };
}
