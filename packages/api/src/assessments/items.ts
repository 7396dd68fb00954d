/**
 * The published item bank (issue 29): every question in use with its scale, keying and current
 * parameters, and the number of people those parameters rest on, so anyone can rerun the published
 * figures. Public; IQ items go out without their correct answers.
 */
import { z } from "zod";
import { and, asc, eq, isNull, schema, type Database } from "@coach/db";
import type { QuestionScoring } from "@coach/db/schema";
import { isSliderCalibration, withSliderCalibration } from "@coach/assessments";
import { latestCalibration } from "./stored-calibration";
import { testSummary } from "./service";

const grm = z.object({ a: z.number(), thresholds: z.array(z.number()) });
const irt = z.object({ a: z.number(), b: z.number(), c: z.number().optional(), d: z.number().optional() });

export const publishedItem = z.object({
  questionId: z.number(),
  key: z.string(),
  order: z.number(),
  text: z.string(),
  type: z.string(),
  /** personality axis, EQ domain or leadership style; null for IQ */
  scale: z.string().nullable(),
  /** 1 when agreeing means more of the scale (personality: toward the axis's second pole), -1 its absence; null for IQ */
  keying: z.union([z.literal(1), z.literal(-1)]).nullable(),
  /** IQ item family */
  domain: z.string().nullable(),
  /** slider items: graded-response parameters */
  grm: grm.nullable(),
  /** reasoning items: logistic parameters (discrimination a, difficulty b, guessing c, slip d) */
  irt: irt.nullable(),
  /** people the parameters were estimated from; 0 while they are provisional (assumed) */
  basedOn: z.number(),
});
export const publishedItems = z.object({ testId: z.number(), type: z.string(), items: z.array(publishedItem) });
export type PublishedItems = z.infer<typeof publishedItems>;

/**
 * Items written before banks carried `keying` still say it with `reverse` (EQ, leadership) or with
 * the pole slider value 5 points to (personality); this reads either.
 */
function keyingOf(scoring: QuestionScoring | null): 1 | -1 | null {
  if (!scoring?.scale) return null;
  if (scoring.keying) return scoring.keying;
  if (scoring.rightPole) return scoring.rightPole === scoring.scale[1] ? 1 : -1;
  return scoring.reverse ? -1 : 1;
}

export async function publishedItemBank(db: Database, testId: number): Promise<PublishedItems> {
  const test = await testSummary(db, testId);
  const [rows, calibration] = await Promise.all([
    db
      .select({
        questionId: schema.questions.id,
        key: schema.questions.key,
        order: schema.questions.order,
        text: schema.questions.text,
        type: schema.questions.type,
        scoring: schema.questions.scoring,
      })
      .from(schema.questions)
      .where(and(eq(schema.questions.testId, test.id), isNull(schema.questions.retiredAt)))
      .orderBy(asc(schema.questions.order)),
    latestCalibration(db, test.id),
  ]);
  const iq = calibration && !isSliderCalibration(calibration) ? calibration : null;
  const fitted = new Map((iq?.items ?? []).map((it) => [it.id, it]));
  const sliderCalibration = isSliderCalibration(calibration) ? calibration : null;
  const calibrated = withSliderCalibration(
    rows.map((r) => ({ ...r, id: r.questionId })),
    sliderCalibration,
  );
  const items = calibrated.map(({ scoring, id: _id, ...q }) => {
    const fit = fitted.get(String(q.questionId));
    const provisionalIrt = scoring?.irt ?? null;
    const grm = scoring?.grm ?? null;
    return {
      ...q,
      scale: scoring?.scale ?? null,
      keying: keyingOf(scoring),
      domain: scoring?.domain ?? null,
      grm: grm && { a: grm.a, thresholds: grm.thresholds },
      irt: fit ? { a: fit.a, b: fit.b, c: fit.c } : provisionalIrt,
      basedOn: fit && iq ? iq.n : (grm?.calibratedOn ?? 0),
    };
  });
  return { testId: test.id, type: test.type, items };
}
