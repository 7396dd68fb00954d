import { Providers } from "~/components/providers";
import { getSessionUser } from "~/lib/session.server";

/**
 * The signed-in areas (auth, assessments, appointments, settings, admin, newsletter tokens) run on
 * React Query and the tRPC client; the marketing pages outside this group ship neither.
 */
export default async function AppAreaLayout({ children }: { children: React.ReactNode }) {
  return <Providers initialUser={await getSessionUser()}>{children}</Providers>;
}
