import type { Metadata } from "next";
import { TokenAction } from "~/components/newsletter/token-action";

export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false, follow: false } };

export default async function ConfirmSubscriptionPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <TokenAction
        kind="confirm"
        token={typeof token === "string" ? token : ""}
        heading="Confirm your subscription"
        instructions="One click and you will receive Continuous Leadership Education, our research-based leadership newsletter."
      />
    </div>
  );
}
