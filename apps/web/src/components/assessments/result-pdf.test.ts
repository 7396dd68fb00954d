import { describe, expect, it, vi } from "vitest";
import { PDFParse } from "pdf-parse";
import { INSTRUMENTS, scoreAttempt } from "@coach/assessments";

// The guard throws outside React Server Components; these tests run the server modules in Node.
vi.mock("server-only", () => ({}));
const { assessmentCopy } = await import("./copy.server");
const { renderResultPdf } = await import("./result-pdf");

describe("renderResultPdf", () => {
  it("writes a PDF whose text carries the verdict, the intervals, the norm note and the date", async () => {
    const instrument = INSTRUMENTS.find((i) => i.type === "leadership")!;
    const questions = instrument.questions.map((q, i) => ({ id: i + 1, type: q.type, scoring: q.scoring }));
    const answers = Object.fromEntries(
      instrument.questions.map((_, i) => [
        String(i + 1),
        String(3 + (i % 4 === 0 ? 1 : 0) * (instrument.questions[i]!.scoring?.reverse ? -1 : 1)),
      ]),
    );
    const result = scoreAttempt("leadership", questions, answers);
    const pdf = await renderResultPdf(
      {
        title: instrument.title,
        completedAt: new Date("2026-11-20T10:00:00Z"),
        testType: "leadership",
        ...result,
      },
      assessmentCopy(),
      "November 20, 2026",
      "https://coach.example",
    );
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText();
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Leadership Style Analysis");
    expect(flat).toContain("Completed November 20, 2026");
    expect(flat).toContain("each have a real chance of being the style you use most");
    expect(flat).toContain("Book a debrief");
    expect(flat).toMatch(/Visionary \d+\/100 · 90% range \d+–\d+/);
    expect(flat).toContain("not as a diagnosis");
  });
});
