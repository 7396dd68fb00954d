import type { TestType } from "@coach/db/enums";

export interface AssessmentTeaser {
  type: TestType;
  badge: string;
  minutes: number;
  title: string;
  description: string;
}

/** The home page's four static assessment cards (spec section 2; durations from section 9). */
export const ASSESSMENT_TEASERS: AssessmentTeaser[] = [
  {
    type: "personality",
    badge: "Personality",
    minutes: 15,
    title: "Personality Type Assessment",
    description: "Understand your preferences for energy, information, decisions and structure, and how they shape the way you lead.",
  },
  {
    type: "iq",
    badge: "IQ",
    minutes: 20,
    title: "Cognitive Intelligence Test",
    description:
      "Estimate your reasoning on series, analogies, deduction and visual matrices, reported as a range rather than a single number.",
  },
  {
    type: "eq",
    badge: "EQ",
    minutes: 15,
    title: "Emotional Intelligence",
    description: "Profile self-awareness, self-regulation, motivation, empathy and social skill as you see them in yourself.",
  },
  {
    type: "leadership",
    badge: "Leadership",
    minutes: 12,
    title: "Leadership Style Analysis",
    description: "See how often you draw on six leadership styles, and when each one helps or hinders your team.",
  },
];
