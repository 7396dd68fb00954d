"use client";

import { TRPCReactProvider } from "~/trpc/react";

/** Client-side providers for the whole site (tRPC + React Query; the session and toasts join here). */
export function Providers({ children }: { children: React.ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
