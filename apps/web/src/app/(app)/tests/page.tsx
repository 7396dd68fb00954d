import type { Metadata } from "next";
import Link from "next/link";
import { assessmentCopy } from "~/components/assessments/copy.server";
import { TestsCatalog } from "~/components/assessments/tests-catalog";
import { isTestType, type TestType } from "~/components/assessments/types";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

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

type Props = { searchParams: Promise<{ type?: string | string[] }> };

async function selectedType(searchParams: Props["searchParams"]): Promise<"all" | TestType> {
  const { type } = await searchParams;
  const value = Array.isArray(type) ? type[0] : type;
  return isTestType(value) ? value : "all";
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const type = await selectedType(searchParams);
  const { title, description } = TAB_META[type];
  const canonical = type === "all" ? "/tests" : `/tests?type=${type}`;
  return { title, description, alternates: { canonical }, openGraph: { title, description, url: canonical } };
}

export default async function TestsPage({ searchParams }: Props) {
  const type = await selectedType(searchParams);
  prefetch(trpc.tests.list.queryOptions());
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
        <HydrateClient>
          <TestsCatalog initialType={type} copy={assessmentCopy()} />
        </HydrateClient>
      </div>
    </div>
  );
}
