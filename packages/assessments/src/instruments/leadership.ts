/**
 * Leadership Style Analysis: six styles, six frequency statements each. The slider runs from
 * Strongly Disagree to Strongly Agree, so each item states how often or how typically the leader
 * does something; agreement means "this is what I usually do".
 */
import { LEADERSHIP_STYLES, type LeadershipStyle } from "../labels";
import type { Instrument, InstrumentQuestion } from "../types";

const ITEMS: Record<LeadershipStyle, string[]> = {
  visionary: [
    "I regularly describe to my team where we are heading and why it matters.",
    "When I set goals, I typically explain how they connect to the bigger picture.",
    "I usually give people freedom to choose their own route, as long as they are moving toward our shared goal.",
    "I often speak about the future of our organisation with genuine conviction.",
    "When circumstances change, I am typically the one who restates the purpose behind our work.",
    "I frequently check that day-to-day priorities still serve our long-term direction.",
  ],
  coaching: [
    "I regularly set aside time to discuss team members' long-term career aspirations.",
    "I typically ask questions that help people find their own answers rather than handing them a solution.",
    "I often delegate stretching assignments so people can grow, even when it slows results in the short run.",
    "I frequently give specific feedback aimed at someone's development, not only at the task in hand.",
    "When someone makes a mistake, I usually treat it as a learning opportunity.",
    "I routinely match people's work to their strengths and ambitions.",
  ],
  affiliative: [
    "I regularly check how people are doing personally, not only how their work is going.",
    "When tension arises in the team, I typically focus first on repairing relationships.",
    "I often recognise people's contributions openly and warmly.",
    "I usually put team morale ahead of pressing on with the task when the two conflict.",
    "I frequently create occasions for the team to connect beyond day-to-day work.",
    "After a difficult period, I typically make a point of rebuilding trust and confidence in the team.",
  ],
  democratic: [
    "Before an important decision, I typically seek input from the people it will affect.",
    "I regularly hold meetings in which the team shapes the decision rather than simply hears it.",
    "I often change my initial view after hearing my team's ideas.",
    "When I am unsure of the best direction, I usually ask the team to help work it out.",
    "I typically seek broad agreement before committing the team to a course of action.",
    "I frequently invite quieter members of the team to give their opinion.",
  ],
  pacesetting: [
    "I typically set very high performance standards and hold myself to them first.",
    "When someone falls behind, I often step in and do the work myself.",
    "I regularly push the team to deliver faster and better.",
    "I usually expect capable people to know what to do without much direction from me.",
    "I frequently point out where performance falls short of the standard I expect.",
    "I typically lead by personal example, working at least as hard as anyone on the team.",
  ],
  commanding: [
    "In a crisis, I typically take charge and give clear instructions.",
    "I usually expect people to carry out my decisions without lengthy debate.",
    "When speed matters, I often make decisions on my own.",
    "I regularly monitor closely whether my instructions have been carried out.",
    "When performance is poor, I typically give direct orders to turn it around.",
    "I frequently set out exactly what needs to be done, by whom and by when.",
  ],
};

/** Interleave the styles so the respondent rates behaviours, not a recognisable style block. */
function buildQuestions(): InstrumentQuestion[] {
  const questions: InstrumentQuestion[] = [];
  const longest = Math.max(...LEADERSHIP_STYLES.map((s) => ITEMS[s].length));
  for (let i = 0; i < longest; i++) {
    for (const style of LEADERSHIP_STYLES) {
      const text = ITEMS[style][i];
      if (!text) continue;
      questions.push({ order: questions.length + 1, text, type: "slider", scoring: { scale: style } });
    }
  }
  return questions;
}

export const leadershipInstrument: Instrument = {
  slug: "leadership-style",
  title: "Leadership Style Analysis",
  type: "leadership",
  timeEstimate: 12,
  description:
    "The most effective leaders do not rely on a single style; they move between approaches as the situation demands. This analysis shows how often you draw on six recognised leadership styles — visionary, coaching, affiliative, democratic, pacesetting and commanding — revealing your default repertoire, the styles you blend, and those you may be under-using when your team needs them most.",
  questions: buildQuestions(),
};
