import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { buttonClasses } from "@coach/ui/button";
import { DB_ISSUE_TEXT, DB_ISSUE_TITLE } from "~/lib/errors";
import { HydrateClient, prefetch, serverCaller, trpc } from "~/trpc/server";
import { AdminTabs, DeleteAllAttempts } from "./admin-dashboard";

export const metadata: Metadata = { title: "Admin", robots: { index: false } };

type Props = { searchParams: Promise<{ tab?: string | string[] }> };

export default async function AdminPage({ searchParams }: Props) {
  const caller = await serverCaller();
  const me = await caller.auth.me().catch((error: unknown) => {
    if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE") return "unavailable" as const;
    throw error;
  });
  if (me === "unavailable") {
    return (
      <div className="mx-auto max-w-xl px-6 py-16">
        <section role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-center">
          <h1 className="text-xl font-semibold text-amber-900">{DB_ISSUE_TITLE}</h1>
          <p className="mt-3 text-amber-900">{DB_ISSUE_TEXT}</p>
          <p className="mt-2 text-sm text-amber-900">If the problem persists, please contact technical support.</p>
        </section>
      </div>
    );
  }
  if (!me.user) redirect("/auth");
  if (me.user.role !== "admin") redirect("/");

  const tab = (await searchParams).tab;
  prefetch(trpc.admin.attempts.list.queryOptions());
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">Admin</h1>
          <p className="mt-2 text-lg text-slate-700">
            Welcome back, {me.user.firstName ?? me.user.username}. Review assessment results, manage users and content, and keep in touch
            with your subscribers.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link href="/settings" className={buttonClasses({ variant: "outline" })}>
            Settings
          </Link>
          <DeleteAllAttempts />
        </div>
      </div>
      <div className="mt-10">
        <HydrateClient>
          <AdminTabs initialTab={Array.isArray(tab) ? (tab[0] ?? "") : (tab ?? "")} />
        </HydrateClient>
      </div>
    </div>
  );
}
