import { describe, expect, it, vi } from "vitest";
import { PDFParse } from "pdf-parse";
import { RETREAT } from "~/content/retreat";

vi.mock("server-only", () => ({}));
const { renderRetreatGuide } = await import("./retreat-guide-pdf");

describe("renderRetreatGuide", () => {
  it("is a PDF with the retreat's facts, every module and day, and absolute links", async () => {
    const pdf = await renderRetreatGuide("https://coach.example/");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const flat = (await parser.getText()).text.replace(/\s+/g, " ");
    expect(flat).toContain("Executive Leadership Retreat: Program Guide");
    expect(flat).toContain(RETREAT.price);
    for (const module of RETREAT.modules) expect(flat).toContain(module.title);
    for (const day of RETREAT.schedule) expect(flat).toContain(`${day.day}: ${day.title}`);
    expect(flat).toContain("https://coach.example/contact");
    expect(flat).not.toContain("coach.example//");
  });
});
