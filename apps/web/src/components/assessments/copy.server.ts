import "server-only";

import {
  EQ_CATEGORIES,
  EQ_CATEGORY_LABELS,
  INSTRUMENT_TYPE_LABELS,
  INTRO_INSTRUCTIONS,
  INTERVAL_LEVEL,
  IQ_BANDS,
  LEADERSHIP_STYLES,
  LEADERSHIP_STYLE_LABELS,
  PERSONALITY_AXES,
  PERSONALITY_POLE_LABELS,
  SELF_REFLECTION_NOTE,
  THEORY_NOTES,
  WHAT_YOULL_LEARN,
  verdictZ,
} from "@coach/assessments";
import type { AssessmentCopy } from "./types";

/**
 * Φ⁻¹(0.95), the half-width of the scorers' 90% intervals in standard errors. The package keeps its
 * INTERVAL_Z internal; the level it exports is checked here so the two cannot silently disagree.
 */
const INTERVAL_Z = 1.6448536269514722;
if (INTERVAL_LEVEL !== 0.9) throw new Error(`The result pages assume 90% intervals, the scorers use ${INTERVAL_LEVEL}`);

/**
 * The display vocabulary of the instruments, built on the server and passed to client components as
 * props: the package also holds the item keys, which must never be bundled for the browser.
 */
export function assessmentCopy(): AssessmentCopy {
  return {
    typeLabels: { ...INSTRUMENT_TYPE_LABELS },
    whatYoullLearn: Object.fromEntries(Object.entries(WHAT_YOULL_LEARN).map(([k, v]) => [k, [...v]])) as AssessmentCopy["whatYoullLearn"],
    theoryNotes: { ...THEORY_NOTES },
    introInstructions: { ...INTRO_INSTRUCTIONS },
    personalityAxes: PERSONALITY_AXES.map((a) => ({ key: a.key, first: a.first, second: a.second, label: a.label })),
    poleLabels: { ...PERSONALITY_POLE_LABELS },
    eqCategories: EQ_CATEGORIES.map((key) => ({ key, label: EQ_CATEGORY_LABELS[key] })),
    leadershipStyles: LEADERSHIP_STYLES.map((key) => ({ key, label: LEADERSHIP_STYLE_LABELS[key] })),
    iqBands: IQ_BANDS.map((b) => ({ label: b.label, description: b.description, above: Number.isFinite(b.above) ? b.above : null })),
    selfReflectionNote: SELF_REFLECTION_NOTE,
    intervalZ: INTERVAL_Z,
    verdictZ: { eq: verdictZ(EQ_CATEGORIES.length), leadership: verdictZ(LEADERSHIP_STYLES.length) },
  };
}
