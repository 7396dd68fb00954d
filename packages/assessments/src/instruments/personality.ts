/**
 * Personality Type Assessment: four Jungian dichotomies, 30 statements each, 15 keyed to each pole
 * (docs/decisions/0036). Every statement says one thing about the reader in plain words; none
 * compares two things ("X more than Y"), because on an agree scale a comparison cannot be
 * half-agreed. Agreeing (slider 5) points to `rightPole`, disagreeing (1) to `leftPole`, as the
 * scorer reads them; `keying` says the same relative to the axis: 1 toward its second pole
 * (I, N, F, P), −1 toward its first (E, S, T, J). Keying alternates within each axis so a habit of
 * agreeing cancels out instead of pushing everyone toward one pole.
 */
import { PERSONALITY_AXES, type PersonalityAxis, type PersonalityPole } from "../labels";
import type { Instrument } from "../types";
import { type WrittenItem, alternate, interleaveSliderItems } from "./build";

/** Statements that, agreed with, point to the axis's first pole and to its second pole. */
const WRITTEN: Record<PersonalityAxis, { first: string[]; second: string[] }> = {
  EI: {
    first: [
      "I enjoy meeting new people.",
      "I start conversations with strangers easily.",
      "Talking with other people gives me energy.",
      "I like to think out loud.",
      "I feel comfortable being the centre of attention.",
      "I get restless when I work alone for a long time.",
      "At a party, I talk to many different people.",
      "I speak up early in meetings.",
      "I like working in a busy, lively place.",
      "I make new friends quickly.",
      "I like having many people around me.",
      "After a long day, I like to go out with friends.",
      "I often call a friend just to chat.",
      "I enjoy speaking in front of a group.",
      "I like to solve problems together with others.",
    ],
    second: [
      "I need quiet time alone to recharge.",
      "I think carefully before I speak.",
      "I enjoy spending time on my own.",
      "Large groups of people tire me.",
      "I like to think a problem through alone first.",
      "I keep my ideas to myself until they are clear.",
      "I find small talk tiring.",
      "I keep a small circle of close friends.",
      "I like to work in a quiet place.",
      "In a group, I wait for others to speak first.",
      "I feel drained after a long meeting.",
      "I like to write my ideas down before I share them.",
      "I enjoy a quiet evening at home.",
      "People often describe me as quiet.",
      "I need time to get to know people before I open up.",
    ],
  },
  SN: {
    first: [
      "I trust facts that I can check.",
      "I pay close attention to details.",
      "I like clear, step-by-step instructions.",
      "I focus on what is happening now.",
      "I like to use methods that have worked before.",
      "I notice small changes around me.",
      "I remember facts and figures well.",
      "I am good at practical, hands-on work.",
      "I want to see real examples before I believe an idea.",
      "I describe things exactly as they are.",
      "I learn best by doing.",
      "I check the details of a plan carefully.",
      "I value common sense.",
      "I like work that uses skills I already have.",
      "I like tasks with concrete goals.",
    ],
    second: [
      "I often think about what the future could bring.",
      "I enjoy ideas and theories.",
      "I look for hidden meanings in what people say.",
      "I like to try new ways of doing things.",
      "My imagination is very active.",
      "I see patterns that others miss.",
      "Routine tasks bore me.",
      "I like to think about the big picture.",
      "I often follow my hunches.",
      "I enjoy talking about what might be possible.",
      "I often use images and metaphors to explain things.",
      "I am curious about how different ideas connect.",
      "I like problems that no one has solved before.",
      "I enjoy thinking about abstract questions.",
      "I can often sense where a situation is going.",
    ],
  },
  TF: {
    first: [
      "I make decisions based on logic.",
      "I look for the flaws in an argument.",
      "I give honest feedback even when it is hard to hear.",
      "I stay objective when I make a decision.",
      "I like to analyse problems.",
      "Rules should apply to everyone in the same way.",
      "I question ideas before I accept them.",
      "I am direct when I criticise someone's work.",
      "I weigh the pros and cons of each option carefully.",
      "I enjoy a good debate.",
      "I can make a hard decision without getting upset.",
      "I judge a plan by whether it works.",
      "I keep my feelings out of my decisions.",
      "Being right is important to me.",
      "I point out mistakes when I see them.",
    ],
    second: [
      "I think about how others will feel when I decide.",
      "I avoid arguments when I can.",
      "My personal values guide my decisions.",
      "I find it hard to criticise people.",
      "I want everyone to feel included in a decision.",
      "I praise people often.",
      "I make exceptions to rules for people in difficult situations.",
      "Other people's stories move me.",
      "I try to soften bad news.",
      "I follow my heart when I make a choice.",
      "When I solve a problem, I think about the people first.",
      "I want my decisions to be kind.",
      "I often put other people's needs first.",
      "I am gentle when I give feedback.",
      "A decision feels wrong to me if it hurts someone.",
    ],
  },
  JP: {
    first: [
      "I like to plan my day in advance.",
      "I finish tasks well before the deadline.",
      "I keep a to-do list.",
      "I like to have things decided.",
      "I keep my desk tidy.",
      "I follow a daily routine.",
      "I plan my holidays in detail.",
      "I finish one task before I start another.",
      "I feel calm when everything is organised.",
      "I stick to a plan once I make it.",
      "I arrive on time.",
      "I like clear rules at work.",
      "Last-minute changes to my plans stress me.",
      "I like to know exactly what is expected of me.",
      "I like to make decisions quickly.",
    ],
    second: [
      "I like to keep my options open.",
      "I often work best just before a deadline.",
      "I like to do things without a plan.",
      "I change my plans easily.",
      "I start many tasks at once.",
      "Rules feel limiting to me.",
      "I enjoy surprises.",
      "I put off decisions until I have to make them.",
      "My desk is often messy.",
      "I like to adapt as I go.",
      "Fixed schedules make me feel trapped.",
      "I am happy to reopen a decision if a better option appears.",
      "I often lose track of time.",
      "I enjoy starting a project without knowing where it will end.",
      "I pack for a trip at the last minute.",
    ],
  },
};

const AXIS_KEYS = PERSONALITY_AXES.map((a) => a.key);

/** Within each axis the statements alternate first pole, second pole, first, … */
const ITEMS = Object.fromEntries(
  PERSONALITY_AXES.map((axis) => {
    const { first, second } = WRITTEN[axis.key];
    const keyed = (texts: string[], keying: 1 | -1): WrittenItem[] => texts.map((text) => ({ text, keying }));
    return [axis.key, alternate(keyed(first, -1), keyed(second, 1))];
  }),
) as Record<PersonalityAxis, WrittenItem[]>;

function poles(axisKey: PersonalityAxis, item: WrittenItem): { leftPole: PersonalityPole; rightPole: PersonalityPole } {
  const axis = PERSONALITY_AXES.find((a) => a.key === axisKey)!;
  // Agreeing points to rightPole; keying 1 means that pole is the axis's second one.
  return item.keying === 1 ? { leftPole: axis.first, rightPole: axis.second } : { leftPole: axis.second, rightPole: axis.first };
}

export const personalityInstrument: Instrument = {
  slug: "personality-type",
  title: "Personality Type Assessment",
  type: "personality",
  timeEstimate: 15,
  description:
    "Grounded in Jungian psychological types, this assessment maps how you prefer to direct your energy, take in information, make decisions and organise your work. Knowing your preferences — and how firmly you hold them — lets you lead with intention, recognise where your natural style serves you and where it creates blind spots, and work more effectively with people who see the world differently.",
  // Neither pole is more flattering by design, so no item is assumed easier to agree with.
  questions: interleaveSliderItems("personality", AXIS_KEYS, ITEMS, poles, () => 0),
};
