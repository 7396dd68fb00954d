import "server-only";

import { headers } from "next/headers";
import { cache } from "react";
import { createCaller, createContext } from "@coach/api";

// Kept apart from ./server.tsx: that module renders react-query's HydrationBoundary, a client
// component, and any layout importing it would ship react-query to every page below it.

/** Server components read through the same router as the client, with the visitor's own session. */
export const createServerContext = cache(async () => createContext({ headers: new Headers(await headers()) }));

export const serverCaller = cache(async () => createCaller(await createServerContext()));
