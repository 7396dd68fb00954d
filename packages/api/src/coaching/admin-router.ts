import { z } from "zod";
import { idParam, noInput } from "../shared/schemas";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { listClientsProcedure } from "../clients/admin-router";
import { clientRecord } from "./record/service";
import { addNote } from "./notes/service";
import { createActionItem, overdueItems } from "./action-items/service";
import { createGoal, goalsOf, updateGoal } from "./goals/service";
import {
  actionItemFields,
  actionItemView,
  calendarDay,
  clientRecord as clientRecordShape,
  goalFields,
  goalStatusInput,
  goalView,
  noteAdded,
  noteFields,
  overdueItem,
} from "./shapes";

const nullableText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).nullable().optional();

/** The coach's side of the engagement (path `admin.clients.*`). */
export const clientsAdminRouter = createTRPCRouter({
  /** The Clients view (/admin/clients): search, sort, filters, pages. */
  list: listClientsProcedure,

  /** A client's record; private notes are decrypted here only, and the read is audit-logged. */
  record: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/clients/{userId}", tags: ["admin"], summary: "A client's record", protect: true } })
    .input(z.object({ userId: idParam }))
    .output(clientRecordShape)
    .query(({ ctx, input }) => clientRecord(ctx.db, ctx.user, input.userId)),

  goals: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/clients/{userId}/goals", tags: ["admin"], summary: "A client's goals", protect: true },
    })
    .input(z.object({ userId: idParam }))
    .output(z.array(goalView))
    .query(({ ctx, input }) => goalsOf(ctx.db, input.userId)),

  createGoal: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/clients/{userId}/goals",
        tags: ["admin"],
        summary: "Set a goal for a client",
        protect: true,
      },
    })
    .input(goalFields.extend({ userId: idParam }))
    .output(goalView)
    .mutation(({ ctx, input }) => createGoal(ctx.db, { ...input, createdBy: "coach" }, ctx.user)),

  updateGoal: adminProcedure
    .input(
      z.object({
        id: idParam,
        title: goalFields.shape.title.optional(),
        why: nullableText(2000),
        measure: nullableText(500),
        targetDate: calendarDay("The target date").nullable().optional(),
        status: goalStatusInput.optional(),
      }),
    )
    .output(goalView)
    .mutation(({ ctx, input }) =>
      updateGoal(
        ctx.db,
        { ...input, why: input.why === "" ? null : input.why, measure: input.measure === "" ? null : input.measure },
        { actor: ctx.user },
      ),
    ),

  createActionItem: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/clients/{userId}/action-items",
        tags: ["admin"],
        summary: "Assign an action item",
        protect: true,
      },
    })
    .input(actionItemFields.extend({ userId: idParam }))
    .output(actionItemView)
    .mutation(({ ctx, input }) => createActionItem(ctx.db, ctx.user, input)),

  addNote: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/appointments/{appointmentId}/notes",
        tags: ["admin"],
        summary: "Add a session note",
        protect: true,
      },
    })
    .input(noteFields.extend({ appointmentId: idParam }))
    .output(noteAdded)
    .mutation(({ ctx, input }) => addNote(ctx.db, ctx.user, input)),

  /** Open action items whose due day has passed, every client's. */
  overdueItems: adminProcedure
    .input(noInput)
    .output(z.array(overdueItem))
    .query(({ ctx }) => overdueItems(ctx.db)),
});
