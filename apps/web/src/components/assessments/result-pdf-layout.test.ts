import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it, vi } from "vitest";
import { INSTRUMENTS, scoreAttempt } from "@coach/assessments";

// The guard throws outside React Server Components; these tests run the server modules in Node.
vi.mock("server-only", () => ({}));
const { assessmentCopy } = await import("./copy.server");
const { renderResultPdf } = await import("./result-pdf");

const SITE = "https://coach.example";
const FONTS = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
/** Where the pages are drawn, to look at when a layout changes. */
const PICTURES = path.join(os.tmpdir(), "coach-result-pdf-pages");
const LONG_TITLE =
  "Leadership Style Analysis for Senior Executives Leading Distributed Teams Through a Merger, a Restructuring and a Change of Strategy in the Same Financial Year";

/**
 * A respondent who answers the whole test. "consistent": agrees with keyed statements, mirrors
 * reversed ones, one step off on every fourth, so a verdict with scales is printed; "careless": an
 * answer pattern that names no verdict. Two of three IQ items are right either way.
 */
function result(type: (typeof INSTRUMENTS)[number]["type"], title: string, respondent: "consistent" | "careless") {
  const instrument = INSTRUMENTS.find((i) => i.type === type)!;
  const questions = instrument.questions.map((q, i) => ({
    id: i + 1,
    type: q.type,
    options: q.options,
    correctAnswer: q.correctAnswer,
    scoring: q.scoring,
  }));
  const answers = Object.fromEntries(
    instrument.questions.map((q, i) => [
      String(i + 1),
      q.type !== "slider"
        ? i % 3 === 0
          ? q.options![1]!
          : (q.correctAnswer ?? q.options![0]!)
        : respondent === "careless"
          ? String(((i * 7) % 5) + 1)
          : String((q.scoring?.reverse || q.scoring?.keying === -1 ? 2 : 4) + (i % 4 === 0 ? (i % 8 === 0 ? 1 : -1) : 0)),
    ]),
  );
  const scored = scoreAttempt(type, questions, answers);
  return { title, completedAt: new Date("2026-11-20T10:00:00Z"), testType: type, ...scored };
}

interface Box {
  text: string;
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every text run's box from the PDF's own text positions (baseline, width, font size), and its links. */
async function readPdf(pdf: Buffer, name: string) {
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: FONTS, isEvalSupported: false }).promise;
  const boxes: Box[] = [];
  const links: string[] = [];
  await mkdir(PICTURES, { recursive: true });
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!("str" in item) || !item.str.trim()) continue;
      const [, , , fontSize, x, y] = item.transform as number[];
      // A run occupies its font size from just below the baseline (descenders) to the cap height.
      boxes.push({ text: item.str, page: n, x0: x!, y0: y! - fontSize! * 0.2, x1: x! + item.width, y1: y! + fontSize! * 0.75 });
    }
    for (const a of await page.getAnnotations()) if (a.subtype === "Link") links.push(String(a.url ?? a.unsafeUrl ?? a.dest ?? ""));

    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const png = canvas.toBuffer("image/png");
    await writeFile(path.join(PICTURES, `${name}-${n}.png`), png);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128 && pixels[i + 3]! > 0) inked++;
    // The page was drawn: ink on it (text and bars), not a blank or failed render.
    expect(inked, `page ${n} of ${name} has ink`).toBeGreaterThan(2000);
  }
  await doc.destroy();
  return { boxes, links, pages: doc.numPages };
}

const overlaps = (a: Box, b: Box) =>
  a.page === b.page && Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;

const cases = INSTRUMENTS.flatMap((i) => [
  { name: i.type, type: i.type, title: i.title, respondent: "consistent" as const },
  { name: `${i.type}-long-title`, type: i.type, title: `${LONG_TITLE} (${i.title})`, respondent: "consistent" as const },
  { name: `${i.type}-careless`, type: i.type, title: i.title, respondent: "careless" as const },
]);

describe("the results PDF's layout", () => {
  it.each(cases)(
    "$name: no two text runs overlap, every link is absolute, and every page draws",
    async ({ name, type, title, respondent }) => {
      const pdf = await renderResultPdf(result(type, title, respondent), assessmentCopy(), "November 20, 2026", SITE);
      const { boxes, links } = await readPdf(pdf, name);

      expect(boxes.map((b) => b.text).join(" ")).toContain("Completed November 20, 2026");
      const clashes: string[] = [];
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          if (overlaps(boxes[i]!, boxes[j]!)) clashes.push(`"${boxes[i]!.text}" / "${boxes[j]!.text}" (page ${boxes[i]!.page})`);
      expect(clashes).toEqual([]);

      // Paper has no address bar: the debrief and methodology links carry the site's full address.
      expect(links.length).toBeGreaterThanOrEqual(2);
      for (const href of links) expect(href).toMatch(/^https:\/\/coach\.example\//);
    },
    60_000,
  );
});
