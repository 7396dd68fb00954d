import { Suspense } from "react";

/**
 * Server-rendered content that React hydrates as its own unit, after the page's shell. React hydrates
 * each Suspense boundary in a separate pass (selective hydration; a click inside one hydrates it
 * first), so a long page is not hydrated and committed in one main-thread task that keeps a phone
 * from responding. Nothing inside suspends: the server sends the same HTML, in place.
 */
export function HydrateSeparately({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
