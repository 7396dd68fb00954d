export interface CaseStudy {
  title: string;
  excerpt: string;
  industry: string;
  image: string;
}

export interface WhitePaper {
  title: string;
  excerpt: string;
  pages: number;
  image: string;
}

export const CASE_STUDIES: CaseStudy[] = [
  {
    title: "Aligning a Divided Leadership Team After a Merger",
    excerpt:
      "How a combined executive team of two former competitors cut decision time by 40% and retained every key leader through integration.",
    industry: "Financial Services",
    image: "/images/resources/case-merger.svg",
  },
  {
    title: "Preparing a First-Time CEO for a Public Listing",
    excerpt: "Twelve months of coaching, assessment and investor-communication rehearsal ahead of a successful initial public offering.",
    industry: "Technology",
    image: "/images/resources/case-ipo.svg",
  },
  {
    title: "Building a Leadership Pipeline in a Family Business",
    excerpt: "A cohort program that prepared eight next-generation leaders and produced a succession plan the board could trust.",
    industry: "Manufacturing",
    image: "/images/resources/case-pipeline.svg",
  },
];

export const WHITE_PAPERS: WhitePaper[] = [
  {
    title: "The Science of Executive Assessment",
    excerpt: "What psychometric tests can and cannot tell you about leadership potential, and how to use them responsibly.",
    pages: 24,
    image: "/images/resources/paper-assessment.svg",
  },
  {
    title: "Emotional Intelligence and Leadership Outcomes",
    excerpt: "A review of the evidence linking EQ competencies to team engagement, retention and financial performance.",
    pages: 18,
    image: "/images/resources/paper-eq.svg",
  },
  {
    title: "Decision-Making Under Pressure",
    excerpt: "Cognitive biases that intensify under stress, and the practical disciplines senior teams use to counter them.",
    pages: 16,
    image: "/images/resources/paper-decisions.svg",
  },
];
