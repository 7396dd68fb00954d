import { z } from "zod";
import { auditListSchema } from "@coach/validators/admin-console";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { auditEntry, listAuditEntries } from "./service";

export const auditAdminRouter = createTRPCRouter({
  /** The audit trail, newest first; searchable by who or what. */
  list: adminProcedure
    .input(auditListSchema)
    .output(z.object({ items: z.array(auditEntry), total: z.number(), page: z.number(), pageSize: z.number() }))
    .query(({ ctx, input }) => listAuditEntries(ctx.db, input)),
});
