"use client";

import { useState } from "react";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@coach/api";
import { TRPC_ENDPOINT, trpcClientHeaders } from "./link";

type Client = TRPCClient<AppRouter>;

let client: Promise<Client> | undefined;

/**
 * The typed tRPC client for the marketing pages' small forms (newsletter, contact, sign out). It is
 * loaded on first use, so reading a page downloads no client library; the app areas use the React
 * Query client from ./react instead.
 */
export function loadTrpcClient(): Promise<Client> {
  client ??= Promise.all([import("@trpc/client"), import("superjson")]).then(
    ([{ createTRPCClient, httpBatchLink }, { default: superjson }]) =>
      createTRPCClient<AppRouter>({
        links: [
          httpBatchLink({
            transformer: superjson,
            url: TRPC_ENDPOINT,
            headers: trpcClientHeaders,
            maxItems: 10 /* the server's batch cap (packages/api/src/http/limits.ts) */,
          }),
        ],
      }),
  );
  // A failed download (offline) must not stick: the next submit tries again.
  client.catch(() => (client = undefined));
  return client;
}

type MutationState<TOutput> =
  | { status: "idle"; data?: undefined; error?: undefined }
  | { status: "pending"; data?: undefined; error?: undefined }
  | { status: "success"; data: TOutput; error?: undefined }
  | { status: "error"; data?: undefined; error: unknown };

/** A mutation on the lazily loaded client, with the states a form needs (pending, success, error, reset). */
export function useLazyMutation<TInput, TOutput>(call: (client: Client, input: TInput) => Promise<TOutput>) {
  const [state, setState] = useState<MutationState<TOutput>>({ status: "idle" });
  async function mutateAsync(input: TInput): Promise<TOutput> {
    setState({ status: "pending" });
    try {
      const data = await call(await loadTrpcClient(), input);
      setState({ status: "success", data });
      return data;
    } catch (error) {
      setState({ status: "error", error });
      throw error;
    }
  }
  return {
    ...state,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    mutateAsync,
    reset: () => setState({ status: "idle" }),
  };
}
