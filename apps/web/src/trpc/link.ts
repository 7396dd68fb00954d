/** What every browser tRPC client sends: the endpoint and a header that marks the caller in logs. */
export const TRPC_ENDPOINT = "/api/trpc";
export const trpcClientHeaders = () => ({ "x-trpc-source": "react" });
