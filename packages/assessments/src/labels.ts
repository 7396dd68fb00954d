/**
 * Display vocabulary shared by the instruments, the scorers and the UI, so a scale key
 * (e.g. "selfAwareness") is spelled and labelled the same way everywhere.
 */
import type { InstrumentType } from "./types";

export const INSTRUMENT_TYPE_LABELS: Record<InstrumentType, string> = {
  personality: "Personality",
  iq: "IQ",
  eq: "Emotional IQ",
  leadership: "Leadership",
};

// ---------------------------------------------------------------- personality

export type PersonalityAxis = "EI" | "SN" | "TF" | "JP";
export type PersonalityPole = "E" | "I" | "S" | "N" | "T" | "F" | "J" | "P";

/** Axis order fixes the letter order of a type code (E/I first, J/P last). */
export const PERSONALITY_AXES: readonly {
  key: PersonalityAxis;
  first: PersonalityPole;
  second: PersonalityPole;
  label: string;
}[] = [
  { key: "EI", first: "E", second: "I", label: "Extraversion – Introversion" },
  { key: "SN", first: "S", second: "N", label: "Sensing – Intuition" },
  { key: "TF", first: "T", second: "F", label: "Thinking – Feeling" },
  { key: "JP", first: "J", second: "P", label: "Judging – Perceiving" },
];

export const PERSONALITY_POLE_LABELS: Record<PersonalityPole, string> = {
  E: "Extraversion",
  I: "Introversion",
  S: "Sensing",
  N: "Intuition",
  T: "Thinking",
  F: "Feeling",
  J: "Judging",
  P: "Perceiving",
};

/** Completes the sentence "You tend to …". */
export const PERSONALITY_POLE_DESCRIPTIONS: Record<PersonalityPole, string> = {
  E: "draw energy from interaction and think things through out loud",
  I: "draw energy from reflection and think things through before speaking",
  S: "trust concrete facts, direct experience and proven practice",
  N: "look for patterns, meaning and future possibilities",
  T: "decide through impersonal logic and consistent principles",
  F: "decide by weighing values and the effect on the people involved",
  J: "prefer structure, plans and early closure",
  P: "prefer flexibility, adaptation and keeping options open",
};

// ---------------------------------------------------------------- emotional intelligence

export const EQ_CATEGORIES = ["selfAwareness", "selfRegulation", "motivation", "empathy", "socialSkills"] as const;
export type EqCategory = (typeof EQ_CATEGORIES)[number];

export const EQ_CATEGORY_LABELS: Record<EqCategory, string> = {
  selfAwareness: "Self-Awareness",
  selfRegulation: "Self-Regulation",
  motivation: "Motivation",
  empathy: "Empathy",
  socialSkills: "Social Skills",
};

export const EQ_CATEGORY_DESCRIPTIONS: Record<EqCategory, string> = {
  selfAwareness: "Recognising your emotions as they arise and understanding their effect on your judgement and on others.",
  selfRegulation: "Managing impulses and strong feelings so that you respond deliberately rather than react.",
  motivation: "Sustaining drive toward meaningful goals through setbacks, for the satisfaction of the work itself.",
  empathy: "Reading and understanding the emotions, needs and perspectives of other people.",
  socialSkills: "Building relationships, influencing and resolving conflict to move people toward shared goals.",
};

// ---------------------------------------------------------------- leadership

export const LEADERSHIP_STYLES = ["visionary", "coaching", "affiliative", "democratic", "pacesetting", "commanding"] as const;
export type LeadershipStyle = (typeof LEADERSHIP_STYLES)[number];

export const LEADERSHIP_STYLE_LABELS: Record<LeadershipStyle, string> = {
  visionary: "Visionary",
  coaching: "Coaching",
  affiliative: "Affiliative",
  democratic: "Democratic",
  pacesetting: "Pacesetting",
  commanding: "Commanding",
};

export const LEADERSHIP_STYLE_DESCRIPTIONS: Record<LeadershipStyle, string> = {
  visionary: "Mobilises people toward a compelling shared direction and leaves them free to find the route.",
  coaching: "Develops people for the long term by connecting their goals with the organisation's.",
  affiliative: "Builds trust and emotional bonds, and restores harmony after stress or conflict.",
  democratic: "Builds commitment by drawing on the team's knowledge and giving people a voice in decisions.",
  pacesetting: "Sets demanding standards and models them personally to get fast, high-quality results.",
  commanding: "Provides clear, decisive direction, most valuable in a crisis or a turnaround.",
};

// ---------------------------------------------------------------- cognitive

/** Non-verbal and numeric families only, so no item depends on English (docs/decisions/0036). */
export const IQ_DOMAINS = ["series", "equation", "matrix"] as const;
export type IqDomain = (typeof IQ_DOMAINS)[number];

export const IQ_DOMAIN_LABELS: Record<IqDomain, string> = {
  series: "Number series",
  equation: "Symbol equations",
  matrix: "Visual matrices",
};

// ---------------------------------------------------------------- test cards and intro

/** The "What you'll learn" list on each /tests card. */
export const WHAT_YOULL_LEARN: Record<InstrumentType, readonly string[]> = {
  personality: [
    "Your preferences on four dimensions: energy, perception, decision-making and structure",
    "How clearly you hold each preference, and which are still open",
    "Where your natural style serves your leadership and where it may create blind spots",
    "How to work more effectively with colleagues whose preferences differ from yours",
  ],
  iq: [
    "An estimate of your general reasoning ability on the familiar mean-100 scale",
    "Your performance across number series, symbol equations and visual matrices",
    "The margin of error around your estimate, and how to read it",
  ],
  eq: [
    "Your profile across self-awareness, self-regulation, motivation, empathy and social skills",
    "Which emotional competencies already support your leadership",
    "Where deliberate practice will have the greatest impact on your relationships and influence",
  ],
  leadership: [
    "How often you draw on each of six recognised leadership styles",
    "Your primary style and any styles you blend it with",
    "Which styles you may be under-using, and when they would serve your team",
    "A starting point for widening your leadership repertoire",
  ],
};

/** Framework notes shown on the personality and EQ cards. */
export const THEORY_NOTES: Partial<Record<InstrumentType, string>> = {
  personality:
    "Grounded in Jungian psychological types, Carl Jung's theory of how people differ in perceiving and judging: preferences are natural inclinations, not abilities, and every type brings distinct strengths.",
  eq: "Built on the five-domain model of emotional intelligence — self-awareness, self-regulation, motivation, empathy and social skills — widely used in leadership development.",
};

/** Type-specific instructions on the intro screen. */
export const INTRO_INSTRUCTIONS: Record<InstrumentType, string> = {
  personality:
    "Each statement describes a preference. Move the slider toward Strongly Agree or Strongly Disagree according to how well it describes you when you are free to act naturally — not how you must behave in your current role. Answer quickly; your first instinct is usually the most accurate.",
  iq: "Each question has exactly one correct answer. Questions become progressively harder. Work carefully but keep moving: if a question stalls you, choose your best answer and continue. Some questions show a grid of figures — find the rule across the rows and columns and pick the lettered option that completes it. In the equations, each symbol stands for a whole number. Do not use a calculator or search for answers.",
  eq: "Rate how well each statement describes how you typically think, feel and behave, from Strongly Disagree to Strongly Agree. Some statements are worded negatively, so read each one carefully. Think of your recent behaviour at work and beyond, rather than how you would like to be.",
  leadership:
    "Each statement describes something leaders do. Rate how well it describes how often you typically act this way with your team, from Strongly Disagree (rarely, if ever) to Strongly Agree (consistently). Base your answers on what you actually do, not on what you believe you should do.",
};

/** Closing line of every result summary. */
export const SELF_REFLECTION_NOTE = "This result is intended for self-reflection and development, not as a diagnosis.";
