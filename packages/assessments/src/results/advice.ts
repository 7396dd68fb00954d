/**
 * What to do about a named strongest or least-used leadership style and a named strongest or
 * least-developed EQ domain: short, practical and non-clinical, written for the result pages and the
 * PDF (docs/decisions/0043). Shown only when the result names the verdict.
 */
import type { EqCategory, LeadershipStyle } from "../labels";

export interface Advice {
  /** for the named strongest style / domain: how to use it on purpose, and its blind spot */
  strength: string;
  /** for the named least-used style / least-developed domain: when it helps, and one step to practise */
  growth: string;
}

export const LEADERSHIP_ADVICE: Record<LeadershipStyle, Advice> = {
  visionary: {
    strength:
      "Use it when your team needs a direction: say where you are going and why, then let people choose the route. Check that the picture is concrete enough for someone to act on tomorrow.",
    growth:
      "Useful when people are busy but unsure what it is all for. Practise by opening your next team meeting with two sentences on where the work is heading and why it matters.",
  },
  coaching: {
    strength:
      "Use it with people who want to grow: ask about their goals and link them to the work. In a crisis or with a tight deadline, switch to giving clear direction.",
    growth:
      "Useful for keeping good people and building your bench. Practise by asking one report each week what they want to get better at, and agreeing one assignment that stretches it.",
  },
  affiliative: {
    strength:
      "Use it after conflict, change or heavy pressure, when trust needs repair. Pair it with honest feedback so that harmony does not hide poor performance.",
    growth:
      "Useful when a team is tense or people feel unseen. Practise by noticing and naming one person's effort each week, specifically and in your own words.",
  },
  democratic: {
    strength:
      "Use it when the team knows things you do not, and when you need their commitment. Set a deadline for the discussion so that consultation does not delay decisions.",
    growth:
      "Useful for decisions that others must carry out. Practise by bringing one open question to your team before you have decided, and telling them afterwards how their input changed the outcome.",
  },
  pacesetting: {
    strength:
      "Use it with a skilled, motivated team that needs quick results. Watch for people who are overwhelmed, and do not take over work you have delegated.",
    growth:
      "Useful when standards have slipped or speed matters. Practise by agreeing one clear, measurable standard for a piece of work and showing what good looks like yourself.",
  },
  commanding: {
    strength:
      "Use it in a real emergency or a turnaround, when clarity matters more than consensus. Step back to other styles once the crisis has passed; used every day, it drains motivation.",
    growth:
      "Useful when a situation is urgent and people are waiting for a decision. Practise by stating one decision plainly, with its reason and what you expect from whom, by when.",
  },
};

export const EQ_ADVICE: Record<EqCategory, Advice> = {
  selfAwareness: {
    strength:
      "Use it to read the mood in yourself before important conversations and to choose your response. Share what you notice so that others can learn from it.",
    growth:
      "Practise by pausing three times a day to name what you feel and what triggered it; a short note at the end of each day shows patterns within a few weeks.",
  },
  selfRegulation: {
    strength:
      "Use your calm to steady others when pressure rises. Make sure that staying composed does not become holding back concerns the team needs to hear.",
    growth: "Practise a pause before you answer when you feel a strong reaction: one breath, then ask a question before you state a view.",
  },
  motivation: {
    strength:
      "Use your drive to keep long projects moving and to lift others after setbacks. Check that your pace does not become the only pace the team is allowed.",
    growth:
      "Practise by writing down why your current main goal matters to you, and breaking it into a first step you can finish this week.",
  },
  empathy: {
    strength:
      "Use it to understand what lies behind resistance and to adapt your message to each person. Keep decisions fair: understanding a view is not the same as agreeing with it.",
    growth:
      "Practise in your next one-to-one by summarising what the other person said and felt before you give your own view, and asking whether you got it right.",
  },
  socialSkills: {
    strength:
      "Use it to build alliances across the organisation and to settle disagreements early. Make sure quieter people are heard as well.",
    growth:
      "Practise by having one conversation a week with someone outside your usual circle whose support your work will need, with no request attached.",
  },
};
