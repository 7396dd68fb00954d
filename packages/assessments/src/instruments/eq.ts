/**
 * Emotional Intelligence: five domains, six statements each. Two per domain are reverse-keyed
 * (agreeing signals a lower score) so that the scale is not simply a measure of agreeableness
 * and careless straight-lining shows up as a middling profile rather than a flattering one.
 */
import { EQ_CATEGORIES, type EqCategory } from "../labels";
import type { Instrument, InstrumentQuestion } from "../types";

type Item = { text: string; reverse?: true };

const ITEMS: Record<EqCategory, Item[]> = {
  selfAwareness: [
    { text: "I can usually name the emotion I am feeling while I am feeling it." },
    { text: "I understand how my moods affect the way I come across to others." },
    { text: "I am often surprised by how strongly I react to things.", reverse: true },
    { text: "I know which situations are most likely to make me tense or irritable." },
    { text: "I have a realistic view of my own strengths and limitations." },
    { text: "I sometimes realise only hours later that something had upset me.", reverse: true },
  ],
  selfRegulation: [
    { text: "When I feel angry, I can pause before I respond." },
    { text: "I say things in the heat of the moment that I later regret.", reverse: true },
    { text: "I stay composed under pressure, even when the people around me do not." },
    { text: "After a frustrating setback, I can quickly turn my attention to what to do next." },
    { text: "Once I am annoyed, it takes me a long time to calm down.", reverse: true },
    { text: "I avoid making important decisions while I am still upset." },
  ],
  motivation: [
    { text: "I set myself challenging goals even when no one requires it of me." },
    { text: "I stay committed to long-term goals when progress is slow." },
    { text: "I tend to lose interest in a goal once the initial excitement fades.", reverse: true },
    { text: "The satisfaction of doing work well drives me more than external rewards do." },
    { text: "When a task becomes difficult, I look for reasons to postpone it.", reverse: true },
    { text: "After a setback, I regain my optimism fairly quickly." },
  ],
  empathy: [
    { text: "I can usually tell how someone is feeling even when they do not say it." },
    { text: "Other people's emotional reactions often take me by surprise.", reverse: true },
    { text: "I try to understand a colleague's point of view before I judge their actions." },
    { text: "I notice when someone in a meeting has gone quiet or seems uncomfortable." },
    { text: "I find it hard to see a situation from the point of view of someone who disagrees with me.", reverse: true },
    { text: "When someone tells me about a problem, I ask questions until I understand how they see it." },
  ],
  socialSkills: [
    { text: "I can bring people with different views to a workable agreement." },
    { text: "I find it easy to build rapport with people I have just met." },
    { text: "I put off difficult conversations for as long as I can.", reverse: true },
    { text: "When there is tension between me and someone else, I raise it with them early." },
    { text: "I can usually win people over to an idea by explaining how it helps them." },
    { text: "My relationships sometimes break down in ways I did not see coming.", reverse: true },
  ],
};

/** Interleave the domains so related statements are not answered back to back. */
function buildQuestions(): InstrumentQuestion[] {
  const questions: InstrumentQuestion[] = [];
  const longest = Math.max(...EQ_CATEGORIES.map((c) => ITEMS[c].length));
  for (let i = 0; i < longest; i++) {
    for (const category of EQ_CATEGORIES) {
      const item = ITEMS[category][i];
      if (!item) continue;
      questions.push({
        order: questions.length + 1,
        text: item.text,
        type: "slider",
        scoring: { scale: category, reverse: item.reverse === true },
      });
    }
  }
  return questions;
}

export const eqInstrument: Instrument = {
  slug: "emotional-intelligence",
  title: "Emotional Intelligence",
  type: "eq",
  timeEstimate: 15,
  description:
    "Technical expertise earns a seat at the table; emotional intelligence determines what you achieve once you are there. This assessment profiles five domains often described in leadership development — self-awareness, self-regulation, motivation, empathy and social skills — showing where emotional skill already strengthens your leadership and where deliberate practice will have the greatest return.",
  questions: buildQuestions(),
};
