import { clientListSchema } from "@coach/validators/client-list";
import { adminProcedure } from "../trpc/init";
import { listClients } from "./service";
import { clientList } from "./shapes";

/**
 * The Clients view's one query. It lives under `admin.clients` beside the client record (whose
 * router names it `list`), so the path reads as the page does: the list, then one client.
 */
export const listClientsProcedure = adminProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/admin/clients",
      tags: ["admin"],
      summary: "Clients with their last and next session, open action items and latest results",
      protect: true,
    },
  })
  .input(clientListSchema)
  .output(clientList)
  .query(({ ctx, input }) => listClients(ctx.db, input));
