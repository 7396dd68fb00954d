/** The executive leadership retreat (spec sections 1 and 9). */
export const RETREAT = {
  name: "Executive Leadership Retreat",
  days: 5,
  maxParticipants: 12,
  price: "$8,500",
  followUpDays: 90,
  location: "a private lakeside estate in New York's Hudson Valley",
  includes: [
    "Full pre-retreat assessment battery: personality, cognitive, EQ and leadership style",
    "Five days of workshops, individual coaching and peer sessions",
    "Private accommodation and all meals",
    "90 days of implementation coaching after the retreat",
  ],
  modules: [
    {
      title: "Leadership Authenticity",
      text: "Use your assessment profile to understand the leader you are, the leader others experience, and how to close the gap with integrity.",
    },
    {
      title: "Strategic Thinking Mastery",
      text: "Sharpen how you frame problems, weigh uncertainty and make strategic choices, with exercises drawn from decision science.",
    },
    {
      title: "Resilience & Peak Performance",
      text: "Build the physical and psychological routines that keep your judgement clear through sustained pressure.",
    },
    {
      title: "Implementation & Accountability",
      text: "Turn insight into a 90-day plan, with peer accountability partners and coaching support once you are back at work.",
    },
  ],
  /** The three modules named on the home page's promotion. */
  homeModules: ["Leadership Authenticity", "Strategic Thinking Mastery", "Resilience & Peak Performance"],
  benefits: [
    "Strategic clarity on your top priorities for the next year",
    "A cohort of 11 other leaders facing similar challenges",
    "An authentic presence grounded in your assessment profile",
    "90-day implementation support after you return",
  ],
  schedule: [
    {
      day: "Day 1",
      title: "Arrival and Assessment Debrief",
      text: "Individual debriefs of your assessment results and cohort introductions.",
    },
    { day: "Day 2", title: "Leadership Authenticity", text: "Values, identity and presence; peer feedback in small groups." },
    { day: "Day 3", title: "Strategic Thinking Mastery", text: "Decision-making under uncertainty, scenario work and strategic framing." },
    { day: "Day 4", title: "Resilience & Peak Performance", text: "Stress physiology, recovery, and a personal performance protocol." },
    { day: "Day 5", title: "Implementation & Accountability", text: "Your 90-day plan, accountability partnerships and departure." },
  ],
  testimonial: {
    name: "Jonathan E.",
    title: "Chief Executive Officer",
    company: "Stratos Energy",
    industry: "Energy",
    quote: "Five days away gave me more clarity than a year of strategy off-sites. The cohort became my most trusted sounding board.",
    photo: "/images/people/jonathan-e.svg",
  },
};
