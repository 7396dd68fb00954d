"use client";

import { Toaster } from "@coach/ui/toast";
import { SessionProvider } from "~/components/auth/session";
import { TRPCReactProvider } from "~/trpc/react";

/** Client-side providers for the whole site: tRPC + React Query, the session, and the toast area. */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <SessionProvider>
        {children}
        <Toaster />
      </SessionProvider>
    </TRPCReactProvider>
  );
}
