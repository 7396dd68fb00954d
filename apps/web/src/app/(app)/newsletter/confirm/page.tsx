import type { Metadata } from "next";
import { TokenAction } from "~/components/newsletter/token-action";

export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false, follow: false } };

export default async function ConfirmSubscriptionPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900">Confirm your subscription</h1>
      <p className="mt-4 text-slate-700">
        One click and you will receive Continuous Leadership Education, our research-based leadership newsletter.
      </p>
      <TokenAction kind="confirm" token={typeof token === "string" ? token : ""} />
    </div>
  );
}
