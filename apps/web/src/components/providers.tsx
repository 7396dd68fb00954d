"use client";

import { SessionProvider, type SessionUser } from "~/components/auth/session";
import { TRPCReactProvider } from "~/trpc/react";
// Every form in the app areas runs zod in the browser; this sets it up for the site's CSP.
import "~/lib/zod-client";

/** Client-side providers for the app areas: tRPC + React Query and the session (seeded by the server). */
export function Providers({ initialUser, children }: { initialUser: SessionUser | null; children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <SessionProvider initialUser={initialUser}>{children}</SessionProvider>
    </TRPCReactProvider>
  );
}
