import type { Metadata } from "next";
import Link from "~/components/site-link";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { getCatalogue } from "~/components/assessments/catalogue-data";
import { TestsCatalog } from "~/components/assessments/tests-catalog";
import { TestCard } from "~/components/assessments/test-card";
import { TestCardAction } from "~/components/assessments/test-card-action";
import type { CatalogueTab } from "~/components/assessments/catalogue-grid";
import { TEST_TYPES, type TestType } from "~/components/assessments/types";

const TAB_META: Record<"all" | TestType, { title: string; description: string }> = {
  all: {
    title: "Scientific Assessments",
    description:
      "Take scientifically built personality, cognitive, emotional intelligence and leadership style assessments, and keep a history of your results.",
  },
  personality: {
    title: "Personality Type Assessment",
    description: "Discover your preferences on four dimensions of psychological type and how they shape your leadership.",
  },
  iq: {
    title: "Cognitive Intelligence Test",
    description: "Estimate your general reasoning ability with series, analogies, deduction and visual matrix problems.",
  },
  eq: {
    title: "Emotional Intelligence Assessment",
    description: "Profile your self-awareness, self-regulation, motivation, empathy and social skills.",
  },
  leadership: {
    title: "Leadership Style Analysis",
    description: "See how often you draw on six recognised leadership styles, and which you could use more.",
  },
};

export type { CatalogueTab };
/** The tabs that have an address of their own (/tests?type=…, served by app/tests/catalogue/[type]). */
export const CATALOGUE_TYPES: readonly TestType[] = TEST_TYPES;

/** Title, description and canonical address by tab (spec: the tests page changes them with the tab). */
export function catalogueMetadata(type: CatalogueTab): Metadata {
  const { title, description } = TAB_META[type];
  const canonical = type === "all" ? "/tests" : `/tests?type=${type}`;
  return { title, description, alternates: { canonical }, openGraph: { title, description, url: canonical } };
}

/**
 * /tests and /tests?type=…: one prerendered page per tab, the same for every visitor (next.config.ts
 * rewrites /tests?type=iq to /tests/catalogue/iq). The tests come from the cached read, and their
 * cards are rendered here; the client part is the tab list and each card's button.
 */
export async function CataloguePage({ type }: { type: CatalogueTab }) {
  const tests = await getCatalogue();
  const copy = assessmentCopy();
  const cards =
    tests?.map((test) => ({
      id: test.id,
      type: test.type,
      card: <TestCard test={test} copy={copy} action={<TestCardAction testId={test.id} />} />,
    })) ?? null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Scientific Assessments</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        Structured questionnaires that give you and your coach a shared starting point. Each takes 12 to 20 minutes; your results are saved
        to your history so you can see how you develop over time.
      </p>
      <p className="mt-3 max-w-3xl text-slate-700">
        Every result shows its margin of error, and a verdict is named only when the data carry it.{" "}
        <Link href="/assessments/methodology" className="font-semibold text-brand-800 underline underline-offset-2">
          How our assessments are measured
        </Link>
      </p>
      <div className="mt-10">
        {cards ? (
          <TestsCatalog initialType={type} typeLabels={copy.typeLabels} cards={cards} />
        ) : (
          <TestsCatalog initialType={type} typeLabels={copy.typeLabels} cards={null} fallbackCopy={copy} />
        )}
      </div>
    </div>
  );
}
