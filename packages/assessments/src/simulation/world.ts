/**
 * Synthetic worlds for the psychometric simulations (docs/decisions/0039): item banks of the sizes
 * the banks are being written to (personality 4×30, EQ 5×22, leadership 6×15, IQ 120 reasoning
 * items) and respondents drawn from models the scorer does NOT assume:
 * - true item slopes lognormal, thresholds shifted per item and per scale (scales differ in how easy
 *   their items are to agree with); the scorer is handed these parameters with calibration-sized
 *   errors (slopes ×e^N(0, 0.2), thresholds +N(0, 0.15)), as a calibration on a few hundred people gives;
 * - traits correlated (a shared factor, r = 0.3 between scales);
 * - 15% acquiescent responders (+0.6 on the agree side of every item), 10% extreme responders
 *   (slopes doubled: they use the ends of the slider), random clickers on request;
 * - IQ: a 4PL with slips (d 0.88–0.99) and guessing 0.09–0.21 on eight options (the scorer assumes
 *   1/8: some distractors draw more guesses than others), provisional parameters off by
 *   calibration-sized errors; executive takers IQ ~ N(120, 12).
 * Seeded (mulberry32), so every run gives the same numbers.
 */
import { EQ_CATEGORIES, LEADERSHIP_STYLES, PERSONALITY_AXES } from "../labels";
import type { ScorableQuestion } from "../scoring/common";
import { normal, rng } from "../testing/simulate";

export type SliderType = "personality" | "eq" | "leadership";
export const BANK: Record<SliderType, { scales: readonly string[]; perScale: number }> = {
  personality: { scales: PERSONALITY_AXES.map((a) => a.key), perScale: 30 },
  eq: { scales: EQ_CATEGORIES, perScale: 22 },
  leadership: { scales: LEADERSHIP_STYLES, perScale: 15 },
};

export interface TrueItem {
  a: number;
  thresholds: number[];
  keying: 1 | -1;
  scale: string;
}

export interface SliderWorld {
  type: SliderType;
  scales: readonly string[];
  questions: ScorableQuestion[];
  truth: TrueItem[];
  rand: () => number;
}

const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

export function sliderWorld(type: SliderType, seed: number): SliderWorld {
  const rand = rng(seed);
  const { scales, perScale } = BANK[type];
  const questions: ScorableQuestion[] = [];
  const truth: TrueItem[] = [];
  for (const scale of scales) {
    const offset = normal(rand) * 0.4; // how easy this scale's items are to agree with
    for (let j = 0; j < perScale; j++) {
      // Personality: half the items toward each pole; other scales: one in three reverse-keyed.
      const keying: 1 | -1 = type === "personality" ? (j % 2 === 0 ? 1 : -1) : j % 3 === 2 ? -1 : 1;
      const a = Math.exp(Math.log(1.5) + 0.35 * normal(rand));
      const shift = normal(rand) * 0.5 - offset;
      const stretch = 0.8 + rand() * 0.4;
      const thresholds = [-2.1, -0.9, 0.2, 1.4].map((t) => shift + stretch * t);
      truth.push({ a, thresholds, keying, scale });
      const grm = {
        a: Math.round(a * Math.exp(0.2 * normal(rand)) * 100) / 100,
        thresholds: sorted(thresholds.map((t) => Math.round((t + 0.15 * normal(rand)) * 100) / 100)) as [number, number, number, number],
      };
      const id = questions.length + 1;
      const axis = PERSONALITY_AXES.find((x) => x.key === scale);
      const poles = axis
        ? keying === 1
          ? { leftPole: axis.first, rightPole: axis.second }
          : { leftPole: axis.second, rightPole: axis.first }
        : {};
      questions.push({ id, type: "slider", scoring: { scale, keying, reverse: keying === -1, grm, ...poles } });
    }
  }
  return { type, scales, questions, truth, rand };
}

export type Style = "plain" | "acquiescent" | "extreme" | "random";
export interface Person {
  theta: Record<string, number>;
  style: Style;
}

/** A genuine respondent: correlated traits, 15% acquiescent, 10% extreme. */
export function person(world: SliderWorld, shift: Record<string, number> = {}): Person {
  const g = normal(world.rand);
  const theta = Object.fromEntries(
    world.scales.map((s) => [s, Math.sqrt(0.3) * g + Math.sqrt(0.7) * normal(world.rand) + (shift[s] ?? 0)]),
  );
  const u = world.rand();
  return { theta, style: u < 0.15 ? "acquiescent" : u < 0.25 ? "extreme" : "plain" };
}

export function clicker(world: SliderWorld): Person {
  return { ...person(world), style: "random" };
}

/** One answer "1".."5" from the true model and the person's response style. */
export function answerItem(world: SliderWorld, item: TrueItem, p: Person): string {
  const r = world.rand;
  if (p.style === "random") return String(1 + Math.floor(r() * 5));
  const x = item.keying * p.theta[item.scale]! + (p.style === "acquiescent" ? 0.6 : 0);
  const a = p.style === "extreme" ? item.a * 2 : item.a;
  const u = r();
  let cat = 1;
  for (const t of item.thresholds) if (u < 1 / (1 + Math.exp(-a * (x - t)))) cat += 1;
  return String(cat);
}

/** Full-form answers to every item. */
export function answerAll(world: SliderWorld, p: Person): Record<string, string> {
  return Object.fromEntries(world.questions.map((q, j) => [String(q.id), answerItem(world, world.truth[j]!, p)]));
}

// ------------------------------------------------------------------ IQ

export interface IqWorld {
  questions: ScorableQuestion[];
  truth: { a: number; b: number; c: number; d: number }[];
  rand: () => number;
}

const FAMILIES = ["series", "matrix", "deduction"] as const;
const OPTIONS = ["A", "B", "C", "D", "E", "F", "G", "H"];

/** 120 reasoning items, difficulties IQ ~85–155 with most at 110–140. */
export function iqWorld(seed: number, items = 120): IqWorld {
  const rand = rng(seed);
  const questions: ScorableQuestion[] = [];
  const truth: IqWorld["truth"] = [];
  for (let j = 0; j < items; j++) {
    const b = rand() < 0.7 ? 0.6 + rand() * 2.2 : -1 + rand() * 4.5;
    const a = Math.exp(Math.log(1.4) + 0.3 * normal(rand));
    const c = 0.09 + rand() * 0.12;
    const d = 0.88 + rand() * 0.11;
    truth.push({ a, b, c, d });
    const irt = {
      a: Math.round(a * Math.exp(0.2 * normal(rand)) * 100) / 100,
      b: Math.round((b + 0.2 * normal(rand)) * 100) / 100,
      c: 1 / OPTIONS.length,
      d: 0.95,
    };
    questions.push({
      id: j + 1,
      type: "multiple-choice",
      options: OPTIONS,
      correctAnswer: "A",
      scoring: { domain: FAMILIES[j % 3], irt },
    });
  }
  return { questions, truth, rand };
}

/** One IQ answer: correct with the true 4PL probability; a clicker picks an option at random. */
export function iqAnswer(world: IqWorld, j: number, theta: number | "random"): string {
  const r = world.rand;
  const q = world.questions[j]!;
  const options = q.options ?? OPTIONS;
  if (theta === "random") return options[Math.floor(r() * options.length)]!;
  const t = world.truth[j]!;
  const p = t.c + (t.d - t.c) / (1 + Math.exp(-t.a * (theta - t.b)));
  const wrong = options.filter((o) => o !== q.correctAnswer);
  return r() < p ? q.correctAnswer! : wrong[Math.floor(r() * wrong.length)]!;
}
