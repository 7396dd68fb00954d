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
    description: "Measure verbal, numerical and abstract reasoning with timed items scored against a normative scale.",
  },
  {
    type: "eq",
    badge: "EQ",
    minutes: 15,
    title: "Emotional Intelligence",
    description: "Assess self-awareness, self-regulation, empathy and social skill: the capabilities that separate good leaders from great ones.",
  },
  {
    type: "leadership",
    badge: "Leadership",
    minutes: 12,
    title: "Leadership Style Analysis",
    description: "Discover your dominant leadership styles and when each one helps or hinders your team.",
  },
];
