/**
 * Simulation worlds on the WRITTEN item banks (docs/decisions/0039, "Measured again"): the items of
 * packages/assessments/src/instruments with their provisional parameters taken as the generating
 * model's true parameters, and the scorer handed them with calibration-sized errors (slopes
 * ×e^N(0, 0.2), thresholds +N(0, 0.15), IQ difficulties +N(0, 0.2)) — the same error the synthetic
 * worlds give the scorer, so the two sets of figures differ only in the banks. Respondents, response
 * styles and clickers are those of world.ts.
 */
import { eqInstrument } from "../instruments/eq";
import { iqInstrument } from "../instruments/iq";
import { leadershipInstrument } from "../instruments/leadership";
import { personalityInstrument } from "../instruments/personality";
import type { ScorableQuestion } from "../scoring/common";
import { itemKeying } from "../scoring/slider";
import { normal, rng } from "../testing/simulate";
import type { Instrument } from "../types";
import type { IqWorld, SliderType, SliderWorld, TrueItem } from "./world";

const INSTRUMENT: Record<SliderType, Instrument> = {
  personality: personalityInstrument,
  eq: eqInstrument,
  leadership: leadershipInstrument,
};

const round2 = (x: number) => Math.round(x * 100) / 100;
const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

export function realSliderWorld(type: SliderType, seed: number): SliderWorld {
  const rand = rng(seed);
  const questions: ScorableQuestion[] = [];
  const truth: TrueItem[] = [];
  const scales: string[] = [];
  INSTRUMENT[type].questions.forEach((q, i) => {
    const scoring = q.scoring;
    if (q.type !== "slider" || !scoring?.scale || !scoring.grm) return;
    if (!scales.includes(scoring.scale)) scales.push(scoring.scale);
    const keying = itemKeying(scoring);
    truth.push({ a: scoring.grm.a, thresholds: [...scoring.grm.thresholds], keying, scale: scoring.scale });
    const grm = {
      a: round2(scoring.grm.a * Math.exp(0.2 * normal(rand))),
      thresholds: sorted(scoring.grm.thresholds.map((t) => round2(t + 0.15 * normal(rand)))) as [number, number, number, number],
    };
    questions.push({ id: i + 1, type: "slider", scoring: { ...scoring, grm } });
  });
  return { type, scales, questions, truth, rand };
}

export function realIqWorld(seed: number): IqWorld {
  const rand = rng(seed);
  const questions: ScorableQuestion[] = [];
  const truth: IqWorld["truth"] = [];
  iqInstrument.questions.forEach((q, i) => {
    const irt = q.scoring?.irt;
    if (q.type !== "multiple-choice" || !irt) return;
    const c = irt.c ?? 0;
    const d = irt.d ?? 1;
    truth.push({ a: irt.a, b: irt.b, c, d });
    const given = { ...irt, a: round2(irt.a * Math.exp(0.2 * normal(rand))), b: round2(irt.b + 0.2 * normal(rand)) };
    questions.push({ id: i + 1, type: q.type, options: q.options, correctAnswer: q.correctAnswer, scoring: { ...q.scoring, irt: given } });
  });
  return { questions, truth, rand };
}
