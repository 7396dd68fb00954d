import type { AppRouter, inferRouterOutputs } from "@coach/api";

/** The client's portal as the API returns it, shared by the portal's parts. */
export type Portal = inferRouterOutputs<AppRouter>["coaching"]["portal"];
export type PortalActionItem = Portal["actionItems"][number];
