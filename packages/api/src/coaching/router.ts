import { z } from "zod";
import { jsonBoolean } from "@coach/validators/json-boolean";
import { idParam, noInput } from "../shared/schemas";
import { createTRPCRouter, protectedProcedure } from "../trpc/init";
import { setActionItemDone } from "./action-items/service";
import { createGoal, goalScaleOptions, updateGoal } from "./goals/service";
import { portal } from "./portal/service";
import { actionItemDone, goalFields, goalScaleOption, goalStatusInput, goalView, portalView } from "./shapes";

/** The client's own coaching space (path `coaching.*`): everything is scoped to the signed-in person. */
export const coachingRouter = createTRPCRouter({
  /** Next session, shared notes, action items, goals with progress and latest results. */
  portal: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/portal", tags: ["coaching"], summary: "Your coaching portal", protect: true } })
    .input(noInput)
    .output(portalView)
    .query(({ ctx }) => portal(ctx.db, ctx.user.id)),

  /** The scales a goal may be tied to. */
  goalScales: protectedProcedure
    .input(noInput)
    .output(z.array(goalScaleOption))
    .query(({ ctx }) => goalScaleOptions(ctx.db)),

  /** A goal the client sets for themselves. */
  createGoal: protectedProcedure
    .input(goalFields)
    .output(goalView)
    .mutation(({ ctx, input }) => createGoal(ctx.db, { ...input, userId: ctx.user.id, createdBy: "client" })),

  /** Marks one of the client's goals achieved, dropped or active again. */
  updateGoal: protectedProcedure
    .input(z.object({ id: idParam, status: goalStatusInput }))
    .output(goalView)
    .mutation(({ ctx, input }) => updateGoal(ctx.db, input, { ownerId: ctx.user.id })),

  /** Ticks one of the client's action items off, or undoes it. */
  setActionItemDone: protectedProcedure
    .meta({
      openapi: { method: "PATCH", path: "/action-items/{id}", tags: ["coaching"], summary: "Tick an action item off", protect: true },
    })
    .input(z.object({ id: idParam, done: jsonBoolean("done must be true or false.") }))
    .output(actionItemDone)
    .mutation(({ ctx, input }) => setActionItemDone(ctx.db, ctx.user.id, input)),
});
