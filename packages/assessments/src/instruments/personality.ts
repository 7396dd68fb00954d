/**
 * Personality Type Assessment: four Jungian dichotomies, 12 bipolar items each, six keyed to each pole.
 * Every item is a statement; agreeing (slider 5) points to `toward`, disagreeing (1) to the
 * opposite pole. Keying alternates within each axis so that a habit of agreeing (acquiescence)
 * cancels out instead of pushing everyone toward one pole.
 */
import { PERSONALITY_AXES, type PersonalityAxis, type PersonalityPole } from "../labels";
import type { Instrument, InstrumentQuestion } from "../types";

type Item = { toward: PersonalityPole; text: string };

const ITEMS: Record<PersonalityAxis, Item[]> = {
  EI: [
    { toward: "E", text: "When I join a new group, I usually introduce myself and start conversations rather than wait to be approached." },
    { toward: "I", text: "Before discussing a problem with others, I prefer to think it through on my own." },
    { toward: "E", text: "A day full of meetings and conversations tends to leave me energised rather than drained." },
    { toward: "I", text: "After a demanding social event, I need time alone to recharge." },
    { toward: "E", text: "I often work out what I think by talking it through out loud." },
    {
      toward: "I",
      text: "I would rather have one long conversation with a single person than circulate among many people at a gathering.",
    },
    { toward: "E", text: "I am comfortable being the centre of attention in a room." },
    { toward: "I", text: "Given the choice, I would rather put my ideas in writing than present them in a live discussion." },
    { toward: "E", text: "Long stretches of working alone make me restless." },
    { toward: "I", text: "In meetings I tend to listen and reflect first, and speak only once my thinking is clear." },
    { toward: "E", text: "I enjoy events where I can meet many new people at once." },
    { toward: "I", text: "I prefer to spend a free evening quietly rather than with a group." },
  ],
  SN: [
    { toward: "N", text: "I am drawn more to possibilities for the future than to the practical realities of today." },
    { toward: "S", text: "I trust concrete facts and direct experience more than hunches." },
    { toward: "N", text: "I am more interested in what a set of facts might mean than in the facts themselves." },
    { toward: "S", text: "When learning something new, I prefer clear, step-by-step instructions to a broad overview of the concept." },
    { toward: "N", text: "I like to find a new way of doing a familiar task, even when the usual way works." },
    { toward: "S", text: "Before considering the wider implications of a plan, I want its practical details settled." },
    { toward: "N", text: "I enjoy discussing theories and abstract ideas even when they have no immediate use." },
    { toward: "S", text: "I prefer methods that have been proven to work over experimenting with untested approaches." },
    { toward: "N", text: "I tend to read between the lines, looking for the meaning behind what people say." },
    { toward: "S", text: "I would rather work with specific, concrete details than with broad impressions." },
    { toward: "N", text: "I often explain things through metaphors and analogies rather than literal description." },
    { toward: "S", text: "In conversation, I prefer real events and practical matters to ideas and theories." },
  ],
  TF: [
    { toward: "T", text: "When making a difficult decision, I rely more on logical analysis than on how people will feel about it." },
    {
      toward: "F",
      text: "In a difficult decision, the effect on the people involved usually weighs more with me than the objective argument.",
    },
    { toward: "T", text: "I would rather be known for being direct than for being tactful." },
    { toward: "F", text: "Keeping the peace in a conversation matters more to me than proving my point." },
    { toward: "T", text: "When giving feedback, I put accuracy first, even if the message is uncomfortable to hear." },
    { toward: "F", text: "When someone brings me a problem, my first instinct is to understand how they feel before trying to fix it." },
    { toward: "T", text: "I enjoy questioning ideas and spotting the flaws in an argument." },
    { toward: "F", text: "I make important choices by asking what matters most to me and to the people I care about." },
    { toward: "T", text: "When a friend asks my opinion of their plan, I point out its weaknesses before anything else." },
    { toward: "F", text: "A moving personal account persuades me more than a well-argued set of figures." },
    { toward: "T", text: "In a disagreement, reaching the correct answer matters more to me than keeping the discussion pleasant." },
    { toward: "F", text: "When I have to give someone bad news, I think first about how to soften it for them." },
  ],
  JP: [
    { toward: "P", text: "I work best when I can adapt my plans as new information arrives." },
    { toward: "J", text: "I like decisions to be made and settled rather than left open." },
    { toward: "P", text: "I often do my best work close to a deadline, when the pressure sharpens my focus." },
    { toward: "J", text: "I start work well ahead of a deadline." },
    { toward: "P", text: "I would rather leave a free weekend unplanned and see what comes up." },
    { toward: "J", text: "I keep a list or schedule of what I need to do." },
    { toward: "P", text: "Strict rules and fixed procedures feel constraining to me." },
    { toward: "J", text: "I prefer to finish one task completely before starting the next." },
    { toward: "P", text: "I am comfortable starting a project without knowing exactly how it will turn out." },
    { toward: "J", text: "An orderly, well-organised workspace helps me think clearly." },
    { toward: "P", text: "I am happy to revisit a decision that has already been made if a better option appears." },
    { toward: "J", text: "Before a trip, I like to have the itinerary worked out." },
  ],
};

/** Interleave the axes (EI, SN, TF, JP, EI, …) so no one dimension is answered in a long run. */
function buildQuestions(): InstrumentQuestion[] {
  const questions: InstrumentQuestion[] = [];
  const longest = Math.max(...PERSONALITY_AXES.map((a) => ITEMS[a.key].length));
  for (let i = 0; i < longest; i++) {
    for (const axis of PERSONALITY_AXES) {
      const item = ITEMS[axis.key][i];
      if (!item) continue;
      const leftPole = item.toward === axis.first ? axis.second : axis.first;
      questions.push({
        order: questions.length + 1,
        text: item.text,
        type: "slider",
        scoring: { scale: axis.key, leftPole, rightPole: item.toward },
      });
    }
  }
  return questions;
}

export const personalityInstrument: Instrument = {
  slug: "personality-type",
  title: "Personality Type Assessment",
  type: "personality",
  timeEstimate: 15,
  description:
    "Grounded in Jungian psychological types, this assessment maps how you prefer to direct your energy, take in information, make decisions and organise your work. Knowing your preferences — and how firmly you hold them — lets you lead with intention, recognise where your natural style serves you and where it creates blind spots, and work more effectively with people who see the world differently.",
  questions: buildQuestions(),
};
