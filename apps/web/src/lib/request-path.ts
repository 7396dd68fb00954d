/** Request header through which src/proxy.ts hands a per-request page its own path (server only). */
export const REQUEST_PATH_HEADER = "x-coach-request-path";
