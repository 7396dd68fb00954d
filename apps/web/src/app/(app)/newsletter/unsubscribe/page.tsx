import type { Metadata } from "next";
import { TokenAction } from "~/components/newsletter/token-action";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <TokenAction
        kind="unsubscribe"
        token={typeof token === "string" ? token : ""}
        heading="Unsubscribe from our newsletter"
        instructions="Confirm below and we will stop sending you Continuous Leadership Education."
      />
    </div>
  );
}
