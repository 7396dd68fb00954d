import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "../trpc/init";
import { noInput } from "../shared/schemas";
import { listPublicOffers } from "./service";
import { publicOffer } from "./shapes";

export const offersRouter = createTRPCRouter({
  /** The active offers (none while payments are not enabled); prices in the currency's minor unit. */
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/offers", tags: ["payments"], summary: "The offers on sale" } })
    .input(noInput)
    .output(z.array(publicOffer))
    .query(async ({ ctx }) => listPublicOffers(await ctx.getDb())),
});
