import { Fragment, type ReactNode } from "react";
import type { CatalogueTest, TestType } from "./types";

export type CatalogueTab = "all" | TestType;

/** A rendered card with what the tabs filter it by. */
export interface CatalogueCard {
  id: CatalogueTest["id"];
  type: TestType;
  card: ReactNode;
}

/** The cards of one tab, or the spec's empty state for it. Shared by the prerendered catalogue and its fallback. */
export function CatalogueGrid({
  tab,
  cards,
  typeLabels,
}: {
  tab: CatalogueTab;
  cards: CatalogueCard[];
  typeLabels: Record<TestType, string>;
}) {
  const shown = cards.filter((card) => tab === "all" || card.type === tab);
  if (shown.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h3 className="text-lg font-semibold text-slate-900">No tests available</h3>
        <p className="mt-2 text-slate-700">
          {tab === "all"
            ? "There are no assessments available at the moment. Please check back soon."
            : `There are no ${typeLabels[tab]} assessments available at the moment. Please check back soon.`}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {shown.map((card) => (
        <Fragment key={card.id}>{card.card}</Fragment>
      ))}
    </div>
  );
}

function SkeletonCard() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-xl border border-slate-200 p-6 motion-reduce:animate-none"
      data-testid="test-skeleton"
    >
      <div className="h-5 w-24 rounded bg-slate-200" />
      <div className="mt-4 h-6 w-3/4 rounded bg-slate-200" />
      <div className="mt-3 h-4 w-full rounded bg-slate-200" />
      <div className="mt-2 h-4 w-5/6 rounded bg-slate-200" />
      <div className="mt-6 h-10 w-full rounded bg-slate-200" />
    </div>
  );
}

/** The spec's loading state: three skeleton cards. */
export function CatalogueSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading assessments">
      <SkeletonCard />
      <SkeletonCard />
      <SkeletonCard />
    </div>
  );
}
