"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { Tabs } from "~/components/tabs";
import { CatalogueGrid, CatalogueSkeleton, type CatalogueCard, type CatalogueTab } from "./catalogue-grid";
import { TEST_TYPES, type AssessmentCopy, type TestType } from "./types";

const CatalogueFallback = lazy(() => import("./catalogue-fallback"));

/**
 * /tests: the catalogue's five tabs; `initialType` preselects one and filtering happens here, on the
 * client. The cards arrive rendered by the server (the prerendered page carries them, and hydrating
 * them costs no component code); only when the server could not read the tests (`cards` null) does
 * the lazily loaded fallback fetch them, given the display copy it needs for that (`fallbackCopy`).
 */
export function TestsCatalog({
  initialType,
  typeLabels,
  ...source
}: {
  initialType: CatalogueTab;
  typeLabels: Record<TestType, string>;
} & ({ cards: CatalogueCard[] } | { cards: null; fallbackCopy: AssessmentCopy })) {
  const router = useRouter();
  const [tab, setTab] = useState<CatalogueTab>(initialType);
  useEffect(() => setTab(initialType), [initialType]);

  const select = (key: string) => {
    const next = key as CatalogueTab;
    setTab(next);
    // The URL (and with it the title, description and canonical address) follows the tab.
    router.replace(next === "all" ? "/tests" : `/tests?type=${next}`, { scroll: false });
  };

  const panel = (key: CatalogueTab) => {
    if (source.cards) return <CatalogueGrid tab={key} cards={source.cards} typeLabels={typeLabels} />;
    return (
      <Suspense fallback={<CatalogueSkeleton />}>
        <CatalogueFallback tab={key} copy={source.fallbackCopy} />
      </Suspense>
    );
  };

  const keys: CatalogueTab[] = ["all", ...TEST_TYPES];
  return (
    <Tabs
      label="Assessment types"
      selectedKey={tab}
      onSelect={select}
      tabs={keys.map((key) => ({ key, label: key === "all" ? "All Tests" : typeLabels[key], content: key === tab ? panel(key) : null }))}
    />
  );
}
