import { auditListSchema } from "@coach/validators/admin-console";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { listAuditEntries } from "./service";
import { auditPage } from "./shapes";

export const auditAdminRouter = createTRPCRouter({
  /** The audit trail, newest first; searchable by who or what. */
  list: adminProcedure
    .input(auditListSchema)
    .output(auditPage)
    .query(({ ctx, input }) => listAuditEntries(ctx.db, input)),
});
