/**
 * Leadership Style Analysis: six styles, six frequency statements each. The slider runs from
 * Strongly Disagree to Strongly Agree, so each item states how often or how typically the leader
 * does something; agreement means "this is what I usually do". Each style has one reverse-keyed
 * item so that agreeing with everything does not inflate every style.
 */
import { LEADERSHIP_STYLES, type LeadershipStyle } from "../labels";
import type { Instrument, InstrumentQuestion } from "../types";

/** A plain string is an item agreeing with the style; `reverse` items are scored 6 − r. */
type Item = string | { text: string; reverse: true };

const ITEMS: Record<LeadershipStyle, Item[]> = {
  visionary: [
    "I regularly describe to my team where we are heading and why it matters.",
    "When I set goals, I typically explain how they connect to the bigger picture.",
    "I usually give people freedom to choose their own route, as long as they are moving toward our shared goal.",
    "I often speak about the future of our organisation with genuine conviction.",
    "When circumstances change, I am typically the one who restates the purpose behind our work.",
    { text: "I leave it to others to explain the purpose behind our work.", reverse: true },
  ],
  coaching: [
    "I regularly set aside time to discuss team members' long-term career aspirations.",
    "I typically ask questions that help people find their own answers rather than handing them a solution.",
    "I give people assignments that stretch their abilities, even when someone else could do them faster.",
    "I frequently give specific feedback aimed at someone's development, not only at the task in hand.",
    "When someone makes a mistake, I usually treat it as a learning opportunity.",
    { text: "I seldom talk with team members about how they want to develop.", reverse: true },
  ],
  affiliative: [
    "I regularly check how people are doing personally, not only how their work is going.",
    "When tension arises in the team, I typically focus first on repairing relationships.",
    "I often recognise people's contributions openly and warmly.",
    "I usually put team morale ahead of pressing on with the task when the two conflict.",
    { text: "I keep my conversations with the team to the work itself.", reverse: true },
    "After a difficult period, I typically make a point of rebuilding trust and confidence in the team.",
  ],
  democratic: [
    "Before an important decision, I typically seek input from the people it will affect.",
    { text: "I make most decisions myself and then inform the team.", reverse: true },
    "I often change my initial view after hearing my team's ideas.",
    "When I am unsure of the best direction, I usually ask the team to help work it out.",
    "I typically seek broad agreement before committing the team to a course of action.",
    "I frequently invite quieter members of the team to give their opinion.",
  ],
  pacesetting: [
    "I set performance standards that most people would consider very demanding.",
    "When someone falls behind, I often step in and do the work myself.",
    "I regularly push the team to deliver faster.",
    { text: "I am comfortable with work that is good enough, even when I know it could be better.", reverse: true },
    "I frequently point out where performance falls short of the standard I expect.",
    "I typically lead by personal example, working at least as hard as anyone on the team.",
  ],
  commanding: [
    "In a crisis, I typically take charge and give clear instructions.",
    "Once I have made a decision, I expect people to carry it out rather than reopen it.",
    "When speed matters, I often make decisions on my own.",
    "I check closely that the instructions I give are followed.",
    { text: "When results slip, I prefer to let people find their own way to fix them.", reverse: true },
    "I frequently set out exactly what needs to be done, by whom and by when.",
  ],
};

/** Interleave the styles so the respondent rates behaviours, not a recognisable style block. */
function buildQuestions(): InstrumentQuestion[] {
  const questions: InstrumentQuestion[] = [];
  const longest = Math.max(...LEADERSHIP_STYLES.map((s) => ITEMS[s].length));
  for (let i = 0; i < longest; i++) {
    for (const style of LEADERSHIP_STYLES) {
      const item = ITEMS[style][i];
      if (!item) continue;
      const text = typeof item === "string" ? item : item.text;
      const reverse = typeof item !== "string";
      questions.push({ order: questions.length + 1, text, type: "slider", scoring: { scale: style, reverse } });
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
