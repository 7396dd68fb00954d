import { Suspense } from "react";

/**
 * Server-rendered content that React hydrates as its own unit, after the page's shell. React hydrates
 * each Suspense boundary in a separate pass (selective hydration; a click inside one hydrates it
 * first), so a long page is not hydrated and committed in one main-thread task that keeps a phone
 * from responding. Only for content that does not suspend: the server then sends the same HTML, in
 * place. An awaiting server component inside would instead stream in after the rest of the page and
 * push it down (a layout shift), so data-driven parts stay outside.
 */
export function HydrateSeparately({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
