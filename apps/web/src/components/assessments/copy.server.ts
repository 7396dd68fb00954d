import "server-only";

import {
  EQ_CATEGORIES,
  EQ_CATEGORY_LABELS,
  INSTRUMENT_TYPE_LABELS,
  INTRO_INSTRUCTIONS,
  IQ_BANDS,
  LEADERSHIP_STYLES,
  LEADERSHIP_STYLE_LABELS,
  PERSONALITY_AXES,
  PERSONALITY_POLE_LABELS,
  SELF_REFLECTION_NOTE,
  THEORY_NOTES,
  WHAT_YOULL_LEARN,
} from "@coach/assessments";
import type { AssessmentCopy } from "./types";

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
  };
}
