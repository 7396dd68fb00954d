"use client";

import { useEffect, useState } from "react";
import { toast } from "@coach/ui/toast";
import { loadTrpcClient } from "~/trpc/lazy-client";
import { CatalogueGrid, CatalogueSkeleton, type CatalogueTab } from "./catalogue-grid";
import { TestCard } from "./test-card";
import { TestCardAction } from "./test-card-action";
import type { AssessmentCopy, CatalogueTest } from "./types";

let loading: Promise<CatalogueTest[]> | undefined;

/** One `tests.list` call for every tab; a failure toasts once and lets the next tab try again. */
function loadTests(): Promise<CatalogueTest[]> {
  loading ??= loadTrpcClient()
    .then((client) => client.tests.list.query())
    .then((tests) => tests.map(({ id, title, description, type, timeEstimate }) => ({ id, title, description, type, timeEstimate })))
    .catch((error: unknown) => {
      loading = undefined;
      toast({ title: "Error", description: "Failed to load tests. Please try again later.", variant: "destructive" });
      throw error;
    });
  return loading;
}

type Loaded = { status: "pending" } | { status: "error" } | { status: "done"; tests: CatalogueTest[] };

/**
 * The catalogue when the server could not read the tests (the page then carries none): loads them
 * in the browser with the typed client, showing the skeleton meanwhile. Loaded only in that case
 * (TestsCatalog imports it lazily), so the prerendered catalogue ships neither it nor the client.
 */
export default function CatalogueFallback({ tab, copy }: { tab: CatalogueTab; copy: AssessmentCopy }) {
  const [state, setState] = useState<Loaded>({ status: "pending" });
  useEffect(() => {
    let current = true;
    loadTests().then(
      (tests) => current && setState({ status: "done", tests }),
      () => current && setState({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, []);

  if (state.status === "pending") return <CatalogueSkeleton />;
  const cards = (state.status === "done" ? state.tests : []).map((test) => ({
    id: test.id,
    type: test.type,
    card: <TestCard test={test} copy={copy} action={<TestCardAction testId={test.id} />} />,
  }));
  return <CatalogueGrid tab={tab} cards={cards} typeLabels={copy.typeLabels} />;
}
