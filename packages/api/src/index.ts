export { appRouter, createCaller, type AppRouter } from "./root";
export { createContext, type Context } from "./context";
export { handleRestRequest, openApiDocument } from "./rest";
export { handleTrpcRequest } from "./trpc-handler";
export { DB_UNAVAILABLE_MESSAGE } from "./errors";
export { log } from "./logger";
export type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
export { recordAudit, type AuditActor } from "./audit";
