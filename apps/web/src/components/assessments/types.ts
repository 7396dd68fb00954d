import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@coach/api";
import { TEST_TYPES, type TestType } from "@coach/db/enums";

type Outputs = inferRouterOutputs<AppRouter>;

export { TEST_TYPES, type TestType };

export function isTestType(value: unknown): value is TestType {
  return typeof value === "string" && (TEST_TYPES as readonly string[]).includes(value);
}

export type TestSummary = Outputs["tests"]["list"][number];
/** What a catalogue card shows (serialisable: the prerendered page carries it). */
export type CatalogueTest = Pick<TestSummary, "id" | "title" | "description" | "type" | "timeEstimate">;
export type TestWithQuestions = Outputs["tests"]["byId"];
export type TakerQuestion = TestWithQuestions["questions"][number];
export type Attempt = Outputs["attempts"]["start"];
export type HistoryItem = Outputs["attempts"]["history"][number];
/** One result as its page reads it: a history item with its percentile reference (or null). */
export type ResultItem = Outputs["attempts"]["historyItem"];
export type MethodologyEntry = Outputs["tests"]["methodology"][number];

/** Display copy of the instruments, serialisable so a server component can hand it to client components. */
export interface AssessmentCopy {
  typeLabels: Record<TestType, string>;
  whatYoullLearn: Record<TestType, string[]>;
  theoryNotes: Partial<Record<TestType, string>>;
  introInstructions: Record<TestType, string>;
  personalityAxes: { key: string; first: string; second: string; label: string }[];
  poleLabels: Record<string, string>;
  eqCategories: { key: string; label: string }[];
  leadershipStyles: { key: string; label: string }[];
  /** highest band first; `above: null` is the lowest band */
  iqBands: { label: string; description: string; above: number | null }[];
  selfReflectionNote: string;
  /** half-width of a 90% interval in standard errors (1.645), from the scorers */
  intervalZ: number;
  /** the scorers' verdict criterion in standard errors of a difference, per test with several scales */
  verdictZ: { eq: number; leadership: number };
}

/** The result fields every display needs. */
export interface ResultLike {
  testType: TestType;
  score: number | null;
  resultType: string | null;
  resultSummary: string | null;
  /** read through @coach/assessments/results (readResultData), never by casts */
  resultData: unknown;
  /** percentiles among the people who took it here, with N (result page and PDF only; decision 44) */
  reference?: { n: number; percentiles: Record<string, number> } | null;
}
