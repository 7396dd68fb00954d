export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  image: string;
}

export const FOUNDER = {
  name: "Dr. Alexandra Reed",
  role: "Founder & Principal Coach",
  image: "/images/people/alexandra-reed.svg",
  credentials: ["PhD, Organizational Psychology", "ICF Master Certified Coach (MCC)", "Chartered Occupational Psychologist"],
  bio: [
    "Alexandra founded the practice after fifteen years advising boards and executive teams on leadership selection and development. Her doctoral research examined how personality and emotional intelligence predict leadership effectiveness under pressure.",
    "She has coached more than one hundred senior executives across twenty-eight countries, from first-time chief executives to leaders of global enterprises, and remains personally involved in every engagement the practice takes on.",
  ],
};

export const TEAM: TeamMember[] = [
  {
    name: "Dr. Alexandra Reed",
    role: "Founder & Principal Coach",
    bio: "Organizational psychologist and master certified coach; leads CEO and board-level engagements.",
    image: "/images/people/alexandra-reed.svg",
  },
  {
    name: "Dr. Marcus Chen",
    role: "Head of Assessment Science",
    bio: "Psychometrician who designs the practice's assessments, checks their reliability and oversees scoring quality.",
    image: "/images/people/marcus-chen.svg",
  },
  {
    name: "Olivia Grant",
    role: "Senior Executive Coach",
    bio: "Former chief operating officer who coaches leaders through scale-ups, mergers and turnarounds.",
    image: "/images/people/olivia-grant.svg",
  },
  {
    name: "Samuel Okafor",
    role: "Leadership Development Lead",
    bio: "Designs and facilitates cohort programs for high-potential leaders in global organisations.",
    image: "/images/people/samuel-okafor.svg",
  },
  {
    name: "Dr. Hannah Lindqvist",
    role: "Team Performance Consultant",
    bio: "Social psychologist specialising in leadership-team dynamics, decision-making and trust.",
    image: "/images/people/hannah-lindqvist.svg",
  },
  {
    name: "Isabel Moreno",
    role: "Wellbeing & Nutrition Specialist",
    bio: "Registered nutritionist who leads the practice's performance-nutrition and resilience programs.",
    image: "/images/people/isabel-moreno.svg",
  },
];
