import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Context } from "./context";
import { GENERIC_ERROR_MESSAGE, mapServiceError } from "./errors";
import { log } from "../shared/logger";
import { enforceRateLimit, type RateLimitRule } from "../shared/rate-limit";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : null;
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        message: internal ? GENERIC_ERROR_MESSAGE : zod ? validationMessage(zod) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          // Field messages for forms; never a stack trace.
          fieldErrors: zod ? fieldErrors(zod) : undefined,
        },
      };
    },
  });

/** The messages a person can act on, e.g. "Passwords do not match". */
export function validationMessage(error: ZodError): string {
  const messages = [...new Set(error.issues.map((issue) => issue.message))];
  // Sentences keep their own full stop: "A. B." rather than "A.. B.".
  return messages.reduce((text, m) => (text ? `${text}${/[.!?]$/.test(text) ? " " : ". "}${m}` : m), "") || "Invalid input";
}

export function fieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Maps domain and database errors (404/409/503/400...) and logs unexpected ones with the request id. */
const errorMapping = t.middleware(async ({ ctx, next, path, type }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    // Server-side callers (pages, route handlers such as one-click unsubscribe) get the same readable
    // validation message as HTTP clients instead of tRPC's raw list of zod issues.
    if (result.error.code === "BAD_REQUEST" && cause instanceof ZodError) {
      throw new TRPCError({ code: "BAD_REQUEST", message: validationMessage(cause), cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      const mapped = mapServiceError(cause);
      if (mapped) {
        if (mapped.code === "SERVICE_UNAVAILABLE") log("warn", "database unavailable", { requestId: ctx.requestId, path });
        throw mapped;
      }
      log("error", "unexpected error", { requestId: ctx.requestId, path, type, error: cause ?? result.error });
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorMapping);

export const SIGN_IN_MESSAGE = "Please sign in to continue.";
export const ADMIN_ONLY_MESSAGE = "Only the coach's admin accounts can do that.";

export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.getUser();
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: SIGN_IN_MESSAGE });
  return next({ ctx: { ...ctx, user, db: await ctx.getDb() } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: ADMIN_ONLY_MESSAGE });
  return next();
});

/** A public procedure limited per client address (and per key, when the rule says so). */
export function rateLimitedProcedure(rule: RateLimitRule) {
  return publicProcedure.use(async ({ ctx, next }) => {
    await enforceRateLimit(await ctx.getDb(), `${rule.name}:ip:${ctx.ip}`, rule);
    return next();
  });
}
