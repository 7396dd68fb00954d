/**
 * What the coach sees of a test's calibration (admin.tests.calibration): who it rests on (N, date),
 * the fitted item parameters and, for the reasoning test, its information curve.
 */
import { z } from "zod";
import type { IqCalibration, SliderCalibration } from "@coach/assessments";

export const calibrationView = z.object({
  testId: z.number(),
  title: z.string(),
  /** people a calibration would rest on now: first complete, measured attempts */
  people: z.number(),
  minimum: z.number(),
  calibration: z
    .object({
      n: z.number(),
      date: z.string(),
      converged: z.boolean(),
      items: z.array(
        z.object({
          questionId: z.number(),
          order: z.number(),
          text: z.string(),
          /** slider items: their scale; null for reasoning items */
          scale: z.string().nullable(),
          a: z.number(),
          /** reasoning items: difficulty and guessing floor; null for slider items */
          b: z.number().nullable(),
          c: z.number().nullable(),
          /** slider items: the four category thresholds; null for reasoning items */
          thresholds: z.array(z.number()).nullable(),
        }),
      ),
      /** reasoning test only (empty for the slider tests): test information and its standard error */
      information: z.array(z.object({ iq: z.number(), information: z.number(), se: z.number() })),
    })
    .nullable(),
});
export type CalibrationView = z.infer<typeof calibrationView>;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

type Fitted = { id: string; a: number; scale?: string; b?: number; c?: number; thresholds?: readonly number[] };

function itemsOf(calibration: IqCalibration | SliderCalibration): Fitted[] {
  return calibration.kind === "grm" ? calibration.items : calibration.items.map((it) => ({ id: it.id, a: it.a, b: it.b, c: it.c }));
}

export function calibrationViewOf(
  test: { id: number; title: string },
  people: number,
  minimum: number,
  calibration: IqCalibration | SliderCalibration | null,
  questions: readonly { id: number; order: number; text: string }[],
): CalibrationView {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  return {
    testId: test.id,
    title: test.title,
    people,
    minimum,
    calibration: calibration && {
      n: calibration.n,
      date: calibration.date,
      converged: calibration.kind === "grm" ? calibration.scales.every((s) => s.converged) : calibration.converged,
      items: itemsOf(calibration)
        .filter((it) => byId.has(it.id))
        .map((it) => ({
          questionId: Number(it.id),
          order: byId.get(it.id)!.order,
          text: byId.get(it.id)!.text,
          scale: it.scale ?? null,
          a: round3(it.a),
          b: it.b === undefined ? null : round3(it.b),
          c: it.c === undefined ? null : round3(it.c),
          thresholds: it.thresholds ? it.thresholds.map(round3) : null,
        }))
        .sort((x, y) => x.order - y.order),
      information:
        calibration.kind === "grm"
          ? []
          : calibration.information.map((p) => ({ iq: p.iq, information: round3(p.information), se: Math.round(p.se * 10) / 10 })),
    },
  };
}
