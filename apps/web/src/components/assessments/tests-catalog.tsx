"use client";

import Link from "~/components/site-link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { buttonClasses } from "@coach/ui/button";
import { Tabs } from "@coach/ui/tabs";
import { toast } from "@coach/ui/toast";
import { useHeaderSession } from "~/components/header-session-store";
import { TypeBadge } from "./status-panels";
import { loadTrpcClient } from "~/trpc/lazy-client";
import { TEST_TYPES, type AssessmentCopy, type CatalogueTest, type TestType } from "./types";

type TabKey = "all" | TestType;

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

function TestCard({ test, copy, signedIn }: { test: CatalogueTest; copy: AssessmentCopy; signedIn: boolean }) {
  const note = copy.theoryNotes[test.type];
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby={`test-${test.id}-title`}>
      <div className="flex items-center justify-between gap-3">
        <TypeBadge type={test.type} label={copy.typeLabels[test.type]} />
        <span className="text-sm text-slate-600">{test.timeEstimate} mins</span>
      </div>
      <h2 id={`test-${test.id}-title`} className="mt-4 text-xl font-semibold text-slate-900">
        {test.title}
      </h2>
      <p className="mt-2 text-slate-700">{test.description}</p>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">What you&apos;ll learn</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {copy.whatYoullLearn[test.type].map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {note ? <p className="mt-4 rounded-md bg-slate-50 p-3 text-xs leading-relaxed text-slate-700">{note}</p> : null}
      <div className="mt-auto pt-6">
        {signedIn ? (
          <Link href={`/tests/${test.id}`} className={buttonClasses({ className: "w-full" })}>
            Start Assessment
          </Link>
        ) : (
          <Link href="/auth" className={buttonClasses({ variant: "outline", className: "w-full" })}>
            Sign in to take assessment
          </Link>
        )}
      </div>
    </article>
  );
}

type Loaded = { status: "pending" } | { status: "error" } | { status: "done"; tests: CatalogueTest[] };

/**
 * /tests: the catalogue with its five tabs; `type` preselects a tab and filtering happens here, on
 * the client. The page is prerendered with the tests (`initialTests`, from the cached read); only
 * when the server could not read them does this load them with `tests.list` (the lazily loaded typed client), showing the
 * skeleton meanwhile. Who is signed in comes from the header's session island, so the page is the
 * same for every visitor and ships neither React Query nor, until that fallback, the tRPC client.
 */
export function TestsCatalog({
  initialType,
  initialTests,
  copy,
}: {
  initialType: TabKey;
  initialTests: CatalogueTest[] | null;
  copy: AssessmentCopy;
}) {
  const router = useRouter();
  const session = useHeaderSession();
  const signedIn = session.status === "known" && session.user !== null;
  const [tests, setTests] = useState<Loaded>(initialTests ? { status: "done", tests: initialTests } : { status: "pending" });
  const [tab, setTab] = useState<TabKey>(initialType);

  useEffect(() => setTab(initialType), [initialType]);
  useEffect(() => {
    if (initialTests) return;
    let current = true;
    loadTrpcClient()
      .then((client) => client.tests.list.query())
      .then((loaded) => current && setTests({ status: "done", tests: loaded }))
      .catch(() => {
        if (!current) return;
        setTests({ status: "error" });
        toast({ title: "Error", description: "Failed to load tests. Please try again later.", variant: "destructive" });
      });
    return () => {
      current = false;
    };
  }, [initialTests]);

  const selectTab = (key: string) => {
    const next = key as TabKey;
    setTab(next);
    // The URL (and with it the title, description and canonical address) follows the tab.
    router.replace(next === "all" ? "/tests" : `/tests?type=${next}`, { scroll: false });
  };

  const panel = (key: TabKey) => {
    if (tests.status === "pending") {
      return (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading assessments">
          <SkeletonCard />
          <SkeletonCard />
          <SkeletonCard />
        </div>
      );
    }
    const list = (tests.status === "done" ? tests.tests : []).filter((t) => key === "all" || t.type === key);
    if (list.length === 0) {
      return (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No tests available</h2>
          <p className="mt-2 text-slate-700">
            {key === "all"
              ? "There are no assessments available at the moment. Please check back soon."
              : `There are no ${copy.typeLabels[key]} assessments available at the moment. Please check back soon.`}
          </p>
        </div>
      );
    }
    return (
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {list.map((t) => (
          <TestCard key={t.id} test={t} copy={copy} signedIn={signedIn} />
        ))}
      </div>
    );
  };

  const keys: TabKey[] = ["all", ...TEST_TYPES];
  return (
    <Tabs
      label="Assessment types"
      selectedKey={tab}
      onChange={selectTab}
      listClassName="flex-wrap"
      tabs={keys.map((key) => ({ key, label: key === "all" ? "All Tests" : copy.typeLabels[key], content: panel(key) }))}
    />
  );
}
