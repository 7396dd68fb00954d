import type { Metadata } from "next";
import Link from "next/link";
import { ClientsTab } from "~/components/admin/clients/clients-tab";
import { requireAdmin } from "~/server/guards";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Clients", robots: { index: false } };

/** /admin/clients: the coach's client list on its own page (also the console's Clients tab). */
export default async function ClientsPage() {
  const { blocked } = await requireAdmin({ outageHint: "If the problem persists, please contact technical support." });
  if (blocked) return blocked;
  prefetch(trpc.admin.clients.list.queryOptions({ q: "", sort: "name", filter: "all", page: 1 }));
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/admin" className="text-brand-700 underline underline-offset-2">
          Admin
        </Link>
        <span aria-hidden="true" className="mx-2 text-slate-500">
          /
        </span>
        <span aria-current="page" className="text-slate-700">
          Clients
        </span>
      </nav>
      <h1 className="sr-only">Clients</h1>
      <HydrateClient>
        <ClientsTab />
      </HydrateClient>
    </div>
  );
}
