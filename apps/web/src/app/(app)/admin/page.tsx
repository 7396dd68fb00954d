import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@coach/ui/button";
import { requireAdmin } from "~/server/guards";
import { OverdueItems } from "~/components/coaching/overdue-items";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { AdminTabs, DeleteAllAttempts } from "./admin-dashboard";

export const metadata: Metadata = { title: "Admin", robots: { index: false } };

type Props = { searchParams: Promise<{ tab?: string | string[] }> };

export default async function AdminPage({ searchParams }: Props) {
  const { user, blocked } = await requireAdmin({ outageHint: "If the problem persists, please contact technical support." });
  if (blocked) return blocked;

  const tab = (await searchParams).tab;
  prefetch(trpc.admin.attempts.list.queryOptions());
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Admin</h1>
          <p className="mt-2 text-lg text-slate-700">
            Welcome back, {user.firstName ?? user.username}. Review assessment results, manage users and content, and keep in touch with
            your subscribers.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link href="/settings" className={buttonClasses({ variant: "outline" })}>
            Settings
          </Link>
          <DeleteAllAttempts />
        </div>
      </div>
      <div className="mt-10 space-y-8">
        <HydrateClient>
          <OverdueItems />
          <AdminTabs initialTab={Array.isArray(tab) ? (tab[0] ?? "") : (tab ?? "")} />
        </HydrateClient>
      </div>
    </div>
  );
}
