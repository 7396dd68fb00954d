/**
 * Emotional Intelligence: five domains, 22 statements each, 7 of them reversed
 * (docs/decisions/0036). A reversed statement describes the absence of its own domain (for
 * empathy: missing what others feel), never the presence of another domain, so a low score means
 * "less of this", not "more of something else". Reversed items also keep a habit of agreeing from
 * producing a flattering profile. `reverse` is kept equal to `keying === -1` for the current scorer.
 */
import { EQ_CATEGORIES, type EqCategory } from "../labels";
import type { Instrument } from "../types";
import { type WrittenItem, interleaveSliderItems, weave } from "./build";

const WRITTEN: Record<EqCategory, { forward: string[]; reversed: string[] }> = {
  selfAwareness: {
    forward: [
      "I can name the emotion I am feeling.",
      "I know what makes me angry.",
      "I notice when my mood changes.",
      "I know my strengths.",
      "I know my weaknesses.",
      "I understand why I feel the way I do.",
      "I notice how my body reacts to stress.",
      "I know how my mood affects my work.",
      "I can tell when I am getting tired.",
      "I am honest with myself about my mistakes.",
      "I know which values matter most to me.",
      "I ask others how I come across.",
      "I can put my feelings into words.",
      "I notice when I start to feel defensive.",
      "I know which kinds of tasks drain my energy.",
    ],
    reversed: [
      "My own reactions often surprise me.",
      "I often realise only later that I was upset.",
      "I am not sure what I am good at.",
      "My feelings often confuse me.",
      "Other people see my moods before I do.",
      "I rarely think about why I acted in a certain way.",
      "Feedback about my behaviour often comes as a shock.",
    ],
  },
  selfRegulation: {
    forward: [
      "I stay calm under pressure.",
      "When I am angry, I can pause before I react.",
      "I choose my words carefully when I am upset.",
      "I can calm myself down quickly.",
      "I can control my impatience.",
      "I wait until I am calm to make big decisions.",
      "I recover quickly from a bad mood.",
      "I can set a worry aside to focus on my work.",
      "I stay polite when someone is rude to me.",
      "I handle sudden changes without panic.",
      "I can resist the urge to send an angry message.",
      "I stay patient when people make mistakes.",
      "I can hide my irritation when showing it would not help.",
      "I think about the results before I act on a strong feeling.",
      "I can let go of small annoyances.",
    ],
    reversed: [
      "I say things in anger that I later regret.",
      "Once I am annoyed, it takes me a long time to calm down.",
      "I lose my temper easily.",
      "Stress makes me act without thinking.",
      "I find it hard to stop worrying.",
      "My mood decides how I treat people that day.",
      "I react strongly to small problems.",
    ],
  },
  motivation: {
    forward: [
      "I set myself challenging goals.",
      "I keep going when progress is slow.",
      "I enjoy doing my work well for its own sake.",
      "I look for ways to improve how I work.",
      "I stay hopeful after a setback.",
      "I finish what I start.",
      "I take on hard tasks willingly.",
      "I work hard even when no one is watching.",
      "I see problems as chances to learn.",
      "I keep my long-term goals in mind.",
      "I start difficult tasks without delay.",
      "I care about reaching my organisation's goals.",
      "I like to measure my progress.",
      "I believe I can reach my goals.",
      "I keep my energy up during long projects.",
    ],
    reversed: [
      "I lose interest once a task gets hard.",
      "I give up quickly after a failure.",
      "I do only what is required of me.",
      "I need praise to keep working.",
      "I do not push myself unless someone asks me to.",
      "Setbacks leave me discouraged for days.",
      "I feel little drive to get better at my job.",
    ],
  },
  empathy: {
    forward: [
      "I can tell how someone feels from their face.",
      "I notice when someone has gone quiet in a meeting.",
      "I try to understand other people's points of view.",
      "I listen closely when someone tells me about a problem.",
      "I can sense the mood in a room.",
      "I notice when a colleague is under stress.",
      "I can tell what lies behind someone's reaction.",
      "I can imagine how a decision will feel to the people it affects.",
      "I pay attention to people's tone of voice.",
      "I respect feelings that I do not share.",
      "I notice what people leave unsaid.",
      "I can see a conflict from both sides.",
      "I care about the problems of the people I work with.",
      "I understand the needs of people from other cultures.",
      "I can tell when someone needs help, even if they do not ask.",
    ],
    reversed: [
      "Other people's feelings often take me by surprise.",
      "I find it hard to see things from another person's view.",
      "I lose patience when people talk about their feelings.",
      "I often miss the signs that someone is upset.",
      "I judge people before I hear their side.",
      "I struggle to understand people who are very different from me.",
      "I am often the last to know when a colleague is unhappy.",
    ],
  },
  socialSkills: {
    forward: [
      "I get on well with new people quickly.",
      "I can bring people with different views to an agreement.",
      "When there is tension with a colleague, I raise it early.",
      "I can persuade people to support an idea.",
      "I deal with conflict openly.",
      "I keep in touch with a wide network of contacts.",
      "I give clear messages that people understand.",
      "I can help a group work well together.",
      "I can say no without harming a relationship.",
      "I help others settle their disagreements.",
      "I am good at leading a group discussion.",
      "I make people feel welcome.",
      "I adapt how I speak to my audience.",
      "I can give criticism in a way people accept.",
      "I know who can help me win support for an idea.",
    ],
    reversed: [
      "I put off difficult conversations.",
      "My working relationships often break down.",
      "I find it hard to make new contacts at work.",
      "People often misunderstand what I mean.",
      "I avoid people I disagree with.",
      "I struggle to win support for my ideas.",
      "I do not know how to calm a heated discussion.",
    ],
  },
};

const ITEMS = Object.fromEntries(EQ_CATEGORIES.map((c) => [c, weave(WRITTEN[c].forward, WRITTEN[c].reversed)])) as Record<
  EqCategory,
  WrittenItem[]
>;

export const eqInstrument: Instrument = {
  slug: "emotional-intelligence",
  title: "Emotional Intelligence",
  type: "eq",
  timeEstimate: 15,
  description:
    "Technical expertise earns a seat at the table; emotional intelligence determines what you achieve once you are there. This assessment profiles five domains often described in leadership development — self-awareness, self-regulation, motivation, empathy and social skills — showing where emotional skill already strengthens your leadership and where deliberate practice will have the greatest return.",
  // Describing an emotional strength is flattering and easy to agree with; admitting a lack is not.
  questions: interleaveSliderItems(
    "eq",
    EQ_CATEGORIES,
    ITEMS,
    (_, item) => ({ reverse: item.keying === -1 }),
    (_, item) => (item.keying === 1 ? 0.4 : -0.4),
  ),
};
