export interface Testimonial {
  name: string;
  title: string;
  quote: string;
  photo: string;
  company?: string;
  industry?: string;
}

/** Client success stories on the home page (shared with permission; names abbreviated at the clients' request). */
export const HOME_TESTIMONIALS: Testimonial[] = [
  {
    name: "Margaret L.",
    title: "Chief Executive Officer",
    company: "Northbridge Capital",
    industry: "Financial Services",
    quote:
      "The assessments told me things about my decision-making that twenty years of performance reviews had missed. Within six months my leadership team was making faster calls with far less friction.",
    photo: "/images/people/margaret-l.svg",
  },
  {
    name: "David K.",
    title: "Chief Operating Officer",
    company: "Helix Biotherapeutics",
    industry: "Life Sciences",
    quote:
      "What set this apart was the rigour. Every goal was measurable and every session built on data. Our engagement scores rose eighteen points in a year.",
    photo: "/images/people/david-k.svg",
  },
  {
    name: "Priya S.",
    title: "Managing Director",
    quote:
      "I came in to work on executive presence and left with a completely different way of handling pressure. My board noticed before I told them anything.",
    photo: "/images/people/priya-s.svg",
  },
];
