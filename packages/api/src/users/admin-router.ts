import { userDeleteSchema, userDisabledSchema, userListSchema, userRoleSchema } from "@coach/validators/admin-console";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { deleteUser } from "../account/admin-deletion";
import { listUsers, setDisabled, setRole } from "./service";
import { deletedUser, disabledState, roleChanged, userPage } from "./shapes";

export const usersAdminRouter = createTRPCRouter({
  list: adminProcedure
    .input(userListSchema)
    .output(userPage)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  setRole: adminProcedure
    .input(userRoleSchema)
    .output(roleChanged)
    .mutation(({ ctx, input }) => setRole(ctx.db, ctx.user, input)),

  setDisabled: adminProcedure
    .input(userDisabledSchema)
    .output(disabledState)
    .mutation(({ ctx, input }) => setDisabled(ctx.db, ctx.user, input)),

  delete: adminProcedure
    .input(userDeleteSchema)
    .output(deletedUser)
    .mutation(({ ctx, input }) => deleteUser(ctx.db, ctx.user, input)),
});
