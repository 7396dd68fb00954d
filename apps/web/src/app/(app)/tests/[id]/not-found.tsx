import type { Metadata } from "next";
import { TestNotFound } from "~/components/assessments/status-panels";

export const metadata: Metadata = { title: "Test Not Found", robots: { index: false } };

/** A test id that names no test: the spec's "Test Not Found" with "Back to Tests", answered with 404. */
export default function TestIdNotFound() {
  return <TestNotFound />;
}
