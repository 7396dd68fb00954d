import "server-only";

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCQueryOptions } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import { cache } from "react";
import { appRouter, createCaller, createContext } from "@coach/api";
import { makeQueryClient } from "./query-client";

/** Server components read through the same router as the client, with the visitor's own session. */
const createServerContext = cache(async () => createContext({ headers: new Headers(await headers()) }));

export const getQueryClient = cache(makeQueryClient);

export const trpc = createTRPCOptionsProxy({ ctx: createServerContext, router: appRouter, queryClient: getQueryClient });

export const serverCaller = cache(async () => createCaller(await createServerContext()));

export function HydrateClient({ children }: { children: React.ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function prefetch<T extends ReturnType<TRPCQueryOptions<any>>>(queryOptions: T) {
  const queryClient = getQueryClient();
  void queryClient.prefetchQuery(queryOptions);
}
