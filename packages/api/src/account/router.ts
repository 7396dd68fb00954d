import { z } from "zod";
import { isSecureRequest, sessionCookie } from "@coach/auth";
import { noInput } from "../shared/schemas";
import { createTRPCRouter, protectedProcedure } from "../trpc/init";
import { DELETE_CONFIRMATION, deleteAccount } from "./deletion";
import { exportAccount, exportFileName } from "./export";
import { accountExport } from "./shapes";

/** The data the signed-in person owns (path `account.*`): a copy of all of it, and its deletion. */
export const accountRouter = createTRPCRouter({
  /** Everything stored about the caller as JSON; over REST it downloads as a file. */
  export: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/user/export", tags: ["account"], summary: "Download your data", protect: true } })
    .input(noInput)
    .output(accountExport)
    .query(async ({ ctx }) => {
      const data = await exportAccount(ctx.db, ctx.user.id);
      ctx.resHeaders.set("content-disposition", `attachment; filename="${exportFileName(ctx.user.username)}"`);
      return data;
    }),

  /**
   * Deletes the caller's account after the password and the typed word DELETE. Over REST send both
   * as a JSON body (never in the URL: it would land in proxy logs).
   */
  delete: protectedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/user/account",
        tags: ["account"],
        summary: "Delete your account",
        description: 'Send { confirm: "DELETE", password } as a JSON body.',
        protect: true,
      },
    })
    .input(
      z.object({
        confirm: z
          .string({ message: `Type ${DELETE_CONFIRMATION} to confirm.` })
          .trim()
          .max(20),
        password: z
          .string({ message: "Enter your password to confirm." })
          .min(1, "Enter your password to confirm.")
          .max(200, "That password is too long."),
      }),
    )
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const result = await deleteAccount(ctx.db, ctx.user, input, ctx.requestId);
      ctx.resHeaders.append("set-cookie", sessionCookie(null, isSecureRequest(ctx.headers)));
      return result;
    }),
});
