import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@coach/api";

/** A post as the coach's blog list returns it (drafts and scheduled posts included). */
export type AdminPost = inferRouterOutputs<AppRouter>["admin"]["blog"]["list"][number];
