import type { Metadata } from "next";
import { SettingsView } from "~/components/settings/settings-view";
import { requireAdmin } from "~/server/guards";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Admin Settings", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SettingsPage({ searchParams }: Props) {
  // Checked on the server: anonymous visitors sign in, everyone but admins goes home.
  const { blocked } = await requireAdmin();
  if (blocked) return blocked;

  const params = await searchParams;
  const google = first(params.google);
  const callbackResult =
    google === "connected" ? { connected: true } : google === "error" ? { connected: false, message: first(params.message) } : undefined;
  prefetch(trpc.settings.googleCalendar.queryOptions());
  prefetch(trpc.settings.availability.queryOptions());
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Admin Settings</h1>
      <p className="mt-3 text-lg text-slate-700">Connect your calendar and set when clients can book you.</p>
      <div className="mt-10">
        <HydrateClient>
          <SettingsView initialTab={first(params.tab)} callbackResult={callbackResult} />
        </HydrateClient>
      </div>
    </div>
  );
}
