import { z } from "zod";
import { bumpSessionVersion, deviceCookie, encodeSessionToken, isSecureRequest, sessionCookie, type SessionUser } from "@coach/auth";
import type { schema } from "@coach/db";
import { loginSchema, registerSchema, requestPasswordResetSchema, resetPasswordSchema } from "@coach/validators/auth";
import type { Context } from "../trpc/context";
import { noInput } from "../shared/schemas";
import { createTRPCRouter, publicProcedure, rateLimitedProcedure } from "../trpc/init";
import { AUTH_RATE_LIMITS, register, requestPasswordReset, resetPassword, signIn } from "./service";
import { authMessage, currentSession, signedIn, type PublicUser } from "./shapes";

export { AUTH_RATE_LIMITS, INVALID_CREDENTIALS, RESET_DONE_MESSAGE, RESET_INVALID_MESSAGE, RESET_REQUEST_MESSAGE } from "./service";

function toPublicUser(user: SessionUser | typeof schema.users.$inferSelect): PublicUser {
  return { id: user.id, username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
}

/** Sets the session cookie, and marks the browser as a device this user has signed in from. */
async function startSession(ctx: Context, user: { id: number; sessionVersion: number }) {
  const secure = isSecureRequest(ctx.headers);
  ctx.resHeaders.append("set-cookie", sessionCookie(await encodeSessionToken(user), secure));
  ctx.resHeaders.append("set-cookie", deviceCookie(user.id, secure));
}

export const authRouter = createTRPCRouter({
  me: publicProcedure
    .meta({ openapi: { method: "GET", path: "/auth/me", tags: ["auth"], summary: "The signed-in user, or null" } })
    .input(noInput)
    .output(currentSession)
    .query(async ({ ctx }) => {
      const user = await ctx.getUser();
      return { user: user ? toPublicUser(user) : null };
    }),

  login: rateLimitedProcedure(AUTH_RATE_LIMITS.loginIp)
    .meta({ openapi: { method: "POST", path: "/auth/login", tags: ["auth"], summary: "Sign in with username and password" } })
    .input(loginSchema)
    .output(signedIn)
    .mutation(async ({ ctx, input }) => {
      const user = await signIn(await ctx.getDb(), ctx, input);
      await startSession(ctx, user);
      return { user: toPublicUser(user) };
    }),

  register: rateLimitedProcedure(AUTH_RATE_LIMITS.registerIp)
    .meta({ openapi: { method: "POST", path: "/auth/register", tags: ["auth"], summary: "Create an account and sign in" } })
    .input(registerSchema)
    .output(signedIn)
    .mutation(async ({ ctx, input }) => {
      const user = await register(await ctx.getDb(), ctx, input);
      await startSession(ctx, user);
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
    .output(authMessage)
    .mutation(async ({ ctx, input }) => ({ message: requestPasswordReset(await ctx.getDb(), ctx.tasks, ctx, input.email) })),

  resetPassword: rateLimitedProcedure(AUTH_RATE_LIMITS.resetIp)
    .meta({ openapi: { method: "POST", path: "/auth/reset-password", tags: ["auth"], summary: "Choose a new password with a reset link" } })
    .input(resetPasswordSchema)
    .output(authMessage)
    .mutation(async ({ ctx, input }) => {
      const { userId, message } = await resetPassword(await ctx.getDb(), ctx, input);
      // The browser that followed the mailed link is the owner's: a known device from now on.
      ctx.resHeaders.append("set-cookie", deviceCookie(userId, isSecureRequest(ctx.headers)));
      return { message };
    }),
});
