import type { Metadata } from "next";
import { TokenAction } from "~/components/newsletter/token-action";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Unsubscribe from our newsletter</h1>
      <p className="mt-4 text-slate-700">Confirm below and we will stop sending you Continuous Leadership Education.</p>
      <TokenAction kind="unsubscribe" token={typeof token === "string" ? token : ""} />
    </div>
  );
}
