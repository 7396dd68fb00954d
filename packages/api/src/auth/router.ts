import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  consumeResetToken,
  createAccount,
  dummyHash,
  encodeSessionToken,
  findUserByEmail,
  findUserByUsername,
  hashPassword,
  isSecureRequest,
  issueResetToken,
  needsRehash,
  RESET_TOKEN_TTL_MINUTES,
  sessionCookie,
  setPassword,
  verifyPassword,
  bumpSessionVersion,
  type SessionUser,
} from "@coach/auth";
import { appUrl } from "@coach/config";
import { eq, schema, type Database } from "@coach/db";
import { ROLES } from "@coach/db/enums";
import { passwordReset, sendEmail } from "@coach/email";
import { loginSchema, registerSchema, requestPasswordResetSchema, resetPasswordSchema } from "@coach/validators/auth";
import type { Context } from "../transport/context";
import { log } from "../shared/logger";
import { enforceRateLimit, resetRateLimit, type RateLimitRule } from "../shared/rate-limit";
import { noInput } from "../shared/schemas";
import { createTRPCRouter, publicProcedure, rateLimitedProcedure } from "../transport/trpc";

/** The user as the browser sees it: never the hash, the session version or anything secret. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUser>;

function toPublicUser(user: SessionUser | typeof schema.users.$inferSelect): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
  };
}

export const INVALID_CREDENTIALS = "Invalid username or password";
export const RESET_REQUEST_MESSAGE = "If an account exists for that email address, we have sent a link to reset its password.";
export const RESET_DONE_MESSAGE = "Your password has been reset. You can now sign in with your new password.";
export const RESET_INVALID_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";

/** Abuse limits: per client address (procedure tier) and per account (inside the procedure). */
export const AUTH_RATE_LIMITS = {
  loginIp: { name: "login", limit: 20, windowSeconds: 15 * 60 },
  loginAccount: {
    name: "login-account",
    limit: 10,
    windowSeconds: 15 * 60,
    message: "Too many sign-in attempts for this account. Please wait 15 minutes or reset your password.",
  },
  registerIp: { name: "register", limit: 10, windowSeconds: 60 * 60 },
  registerAccount: { name: "register-account", limit: 5, windowSeconds: 60 * 60 },
  resetRequestIp: { name: "reset-request", limit: 10, windowSeconds: 60 * 60 },
  resetRequestAccount: { name: "reset-request-account", limit: 3, windowSeconds: 60 * 60 },
  resetIp: { name: "reset", limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

async function startSession(ctx: Context, user: { id: number; sessionVersion: number }) {
  const token = await encodeSessionToken(user);
  ctx.resHeaders.append("set-cookie", sessionCookie(token, isSecureRequest(ctx.headers)));
}


/**
 * The part of a reset request that depends on whether the account exists. It runs after the answer
 * is sent, so known and unknown addresses get the same answer in the same time.
 */
async function sendResetEmail(db: Database, email: string, requestId: string) {
  try {
    const user = await findUserByEmail(db, email);
    if (!user || user.disabledAt) return;
    const token = await issueResetToken(db, user.id);
    const mail = await passwordReset({
      name: user.firstName,
      resetUrl: `${appUrl()}/reset-password/${token}`,
      expiresMinutes: RESET_TOKEN_TTL_MINUTES,
    });
    await sendEmail(db, { kind: "password-reset", to: user.email, ...mail });
    log("info", "password reset requested", { requestId, userId: user.id });
  } catch (error) {
    log("error", "password reset email failed", { requestId, error });
  }
}

export const authRouter = createTRPCRouter({
  me: publicProcedure
    .meta({ openapi: { method: "GET", path: "/auth/me", tags: ["auth"], summary: "The signed-in user, or null" } })
    .input(noInput)
    .output(z.object({ user: publicUser.nullable() }))
    .query(async ({ ctx }) => {
      const user = await ctx.getUser();
      return { user: user ? toPublicUser(user) : null };
    }),

  login: rateLimitedProcedure(AUTH_RATE_LIMITS.loginIp)
    .meta({ openapi: { method: "POST", path: "/auth/login", tags: ["auth"], summary: "Sign in with username and password" } })
    .input(loginSchema)
    .output(z.object({ user: publicUser }))
    .mutation(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      const accountKey = `login:account:${input.username.toLowerCase()}`;
      await enforceRateLimit(db, accountKey, AUTH_RATE_LIMITS.loginAccount);
      const user = await findUserByUsername(db, input.username);
      // Unknown users are checked against a dummy hash, so both failures take the same time and say the same thing.
      const valid = await verifyPassword(user?.password ?? (await dummyHash()), input.password);
      if (!user || !valid || user.disabledAt) {
        throw new TRPCError({ code: "UNAUTHORIZED", message: INVALID_CREDENTIALS });
      }
      await resetRateLimit(db, accountKey);
      const update: Partial<typeof schema.users.$inferInsert> = { lastLoginAt: new Date() };
      if (needsRehash(user.password)) update.password = await hashPassword(input.password);
      await db.update(schema.users).set(update).where(eq(schema.users.id, user.id));
      await startSession(ctx, user);
      return { user: toPublicUser(user) };
    }),

  register: rateLimitedProcedure(AUTH_RATE_LIMITS.registerIp)
    .meta({ openapi: { method: "POST", path: "/auth/register", tags: ["auth"], summary: "Create an account and sign in" } })
    .input(registerSchema)
    .output(z.object({ user: publicUser }))
    .mutation(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      await enforceRateLimit(db, `register:account:${input.email.toLowerCase()}`, AUTH_RATE_LIMITS.registerAccount);
      if (await findUserByUsername(db, input.username)) {
        throw new TRPCError({ code: "CONFLICT", message: "That username is already taken. Please choose another one." });
      }
      if (await findUserByEmail(db, input.email)) {
        throw new TRPCError({ code: "CONFLICT", message: "An account with that email address already exists. Try signing in instead." });
      }
      // The role is never taken from the client: new accounts are users.
      const user = await createAccount(db, {
        username: input.username,
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        role: "user",
      });
      await startSession(ctx, user);
      log("info", "account created", { requestId: ctx.requestId, userId: user.id });
      return { user: toPublicUser(user) };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/auth/logout", tags: ["auth"], summary: "Sign out everywhere" } })
    .input(noInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      const user = await ctx.getUser();
      // Moving the session version ends this cookie and every copy of it at once.
      if (user) await bumpSessionVersion(await ctx.getDb(), user.id);
      ctx.resHeaders.append("set-cookie", sessionCookie(null, isSecureRequest(ctx.headers)));
      return { success: true as const };
    }),

  requestPasswordReset: rateLimitedProcedure(AUTH_RATE_LIMITS.resetRequestIp)
    .meta({
      openapi: { method: "POST", path: "/auth/request-password-reset", tags: ["auth"], summary: "E-mail a password reset link" },
    })
    .input(requestPasswordResetSchema)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      // Counted per address whether or not it has an account, so the limit reveals nothing either.
      await enforceRateLimit(db, `reset-request:account:${input.email.toLowerCase()}`, AUTH_RATE_LIMITS.resetRequestAccount);
      void sendResetEmail(db, input.email, ctx.requestId);
      return { message: RESET_REQUEST_MESSAGE };
    }),

  resetPassword: rateLimitedProcedure(AUTH_RATE_LIMITS.resetIp)
    .meta({ openapi: { method: "POST", path: "/auth/reset-password", tags: ["auth"], summary: "Choose a new password with a reset link" } })
    .input(resetPasswordSchema)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const db = await ctx.getDb();
      const userId = await consumeResetToken(db, input.token);
      if (userId === null) throw new TRPCError({ code: "BAD_REQUEST", message: RESET_INVALID_MESSAGE });
      // New hash, other links voided, every session ended (including a stolen cookie).
      await setPassword(db, userId, input.password);
      log("info", "password reset", { requestId: ctx.requestId, userId });
      return { message: RESET_DONE_MESSAGE };
    }),
});
