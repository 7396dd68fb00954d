import { z } from "zod";
import { offerInput, offerPatch } from "@coach/validators/payments";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { idParam, noInput } from "../shared/schemas";
import { createOffer, listOffers, updateOffer } from "./service";
import { adminOffer } from "./shapes";

export const offersAdminRouter = createTRPCRouter({
  /** Every offer, active or not (the console). */
  list: adminProcedure
    .input(noInput)
    .output(z.array(adminOffer))
    .query(({ ctx }) => listOffers(ctx.db)),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/offers", tags: ["admin", "payments"], summary: "Create an offer", protect: true } })
    .input(offerInput)
    .output(adminOffer)
    .mutation(({ ctx, input }) => createOffer(ctx.db, ctx.user, input)),

  update: adminProcedure
    .meta({
      openapi: { method: "PATCH", path: "/admin/offers/{id}", tags: ["admin", "payments"], summary: "Change an offer", protect: true },
    })
    .input(offerPatch.extend({ id: idParam }))
    .output(adminOffer)
    .mutation(({ ctx, input: { id, ...patch } }) => updateOffer(ctx.db, ctx.user, id, patch)),
});
