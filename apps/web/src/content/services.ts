export interface Service {
  /** Anchor on /services. */
  id: "coaching" | "leadership" | "team";
  title: string;
  /** The home page's name for it (the third is "Team Performance" there). */
  homeTitle: string;
  summary: string;
  description: string;
  benefits: string[];
  process: string;
  image: string;
}

export const SERVICES: Service[] = [
  {
    id: "coaching",
    title: "Executive Coaching",
    homeTitle: "Executive Coaching",
    summary: "Confidential one-to-one coaching that turns assessment insight into sharper decisions and a stronger leadership presence.",
    description:
      "A confidential partnership for CEOs, founders and senior executives. We begin with psychometric assessments, each reported with its margin of error, and structured stakeholder interviews, then work on the few behaviours that will change your results the most. Every engagement has explicit goals agreed with you and, where appropriate, your board or sponsor.",
    benefits: [
      "Personality, cognitive and emotional-intelligence profiling, with margins of error",
      "Structured 360° stakeholder interviews and feedback",
      "Bi-weekly sessions with on-demand support before critical decisions",
      "Measured progress against goals agreed at the outset",
    ],
    process:
      "Assessment and stakeholder interviews in the first month, a written development plan, twelve to twenty-four coaching sessions over six to twelve months, and a re-assessment that shows what changed.",
    image: "/images/services/executive-coaching.svg",
  },
  {
    id: "leadership",
    title: "Leadership Development",
    homeTitle: "Leadership Development",
    summary: "Programs that build the next layer of leaders, grounded in behavioural science and tied to your strategy.",
    description:
      "Cohort programs for high-potential and newly promoted leaders. Each cohort combines assessment feedback, small-group workshops and individual coaching, so that new skills are practised on live business challenges rather than case studies from elsewhere.",
    benefits: [
      "Leadership style and EQ assessments for every participant",
      "Workshops on decision-making, influence and difficult conversations",
      "Individual coaching alongside the group sessions",
      "Program impact reported to sponsors with before-and-after data",
    ],
    process:
      "A design conversation with your leadership team, baseline assessments for each participant, a four- to six-month program of workshops and coaching, and an impact review with sponsors at the end.",
    image: "/images/services/leadership-development.svg",
  },
  {
    id: "team",
    title: "Team Building",
    homeTitle: "Team Performance",
    summary: "Work with the whole leadership team on trust, candour and the way decisions get made.",
    description:
      "Leadership teams rarely fail for lack of talent; they stall on unclear roles, avoided conflict and slow decisions. We map the team's composition with assessments, observe how it works, and facilitate the conversations that make it faster and more candid.",
    benefits: [
      "Team composition mapping from individual assessment profiles",
      "Facilitated off-sites focused on real strategic decisions",
      "Clear decision rights and meeting disciplines",
      "Follow-up pulse measures of trust and team effectiveness",
    ],
    process:
      "Individual assessments and interviews with each team member, a team diagnostic, one or two facilitated off-sites, and quarterly follow-up sessions to keep the new habits in place.",
    image: "/images/services/team-building.svg",
  },
];
