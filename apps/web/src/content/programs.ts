import type { Testimonial } from "./testimonials";

export interface Program {
  slug: string;
  title: string;
  /** One line under the title in the hero. */
  tagline: string;
  /** Card text (clamped to three lines on the home page). */
  description: string;
  image: string;
  format: string;
  duration: string;
  overview: string[];
  benefits: Array<{ title: string; text: string }>;
  process: Array<{ title: string; text: string }>;
  testimonials: Testimonial[];
  keywords: string[];
}

export const PROGRAMS: Program[] = [
  {
    slug: "reach-peak-performance",
    title: "Reach Peak Performance",
    tagline: "Sustain high performance without burning out the person delivering it.",
    description:
      "A structured program for leaders who want to perform at their best consistently: focus, energy management, deliberate practice and the habits that compound over a career.",
    image: "/images/programs/reach-peak-performance.svg",
    format: "One-to-one coaching, in person or remote",
    duration: "Six months, twelve sessions",
    overview: [
      "Senior roles reward sustained excellence, not occasional brilliance. Yet most executives run on adrenaline and long hours, a pattern that erodes judgement long before it shows in results.",
      "Reach Peak Performance applies research from sports psychology, cognitive science and occupational health to the executive context. We measure where your energy and attention actually go, then redesign the routines that govern your week.",
    ],
    benefits: [
      { title: "Sharper focus", text: "Protect time for the work only you can do and reduce the cost of constant context-switching." },
      { title: "Reliable energy", text: "Build sleep, recovery and movement routines that hold up during travel and crunch periods." },
      { title: "Better decisions under pressure", text: "Practise techniques that keep judgement clear when the stakes are highest." },
      { title: "Measurable progress", text: "Track performance indicators you choose, reviewed at every session." },
    ],
    process: [
      { title: "Baseline", text: "Personality and leadership-style assessments plus a two-week diary of energy, focus and time use." },
      { title: "Design", text: "A personal performance plan with three priorities and clear indicators for each." },
      { title: "Practice", text: "Bi-weekly coaching sessions that review the data, adjust the plan and rehearse critical moments." },
      { title: "Review", text: "A re-assessment at six months and a written plan for sustaining the gains on your own." },
    ],
    testimonials: [
      {
        name: "James R.",
        title: "Chief Financial Officer",
        company: "Meridian Logistics",
        industry: "Transport",
        quote: "I reclaimed nearly a day a week of deep-work time and stopped dreading quarter-end. The structure made the difference.",
        photo: "/images/people/james-r.svg",
      },
      {
        name: "Elena M.",
        title: "General Counsel",
        quote: "Practical, evidence-based and never generic. Every recommendation was built around my actual calendar.",
        photo: "/images/people/elena-m.svg",
      },
    ],
    keywords: ["peak performance coaching", "executive performance", "energy management", "focus", "high performance leadership"],
  },
  {
    slug: "stress-management-for-leadership",
    title: "Stress Management for Leadership",
    tagline: "Lead calmly through pressure, and help your team do the same.",
    description:
      "Evidence-based techniques for managing pressure, preventing burnout and staying composed in crises, for leaders who carry responsibility for others.",
    image: "/images/programs/stress-management-for-leadership.svg",
    format: "One-to-one coaching with optional team workshop",
    duration: "Four months, ten sessions",
    overview: [
      "Pressure is part of senior leadership; chronic stress does not have to be. Unmanaged, it narrows attention, shortens tempers and spreads quickly through a team.",
      "This program draws on cognitive-behavioural methods, physiological self-regulation and resilience research to give you a reliable toolkit for high-pressure periods, and a way to spot and reduce strain in the people you lead.",
    ],
    benefits: [
      {
        title: "Composure in crises",
        text: "Techniques to regulate your stress response in the moment, practised until they are automatic.",
      },
      { title: "Burnout prevention", text: "Early-warning signals and recovery routines for yourself and your team." },
      { title: "Healthier team climate", text: "Reduce the stress you pass on through deadlines, messages and meetings." },
      { title: "Resilience that lasts", text: "Build the psychological flexibility to recover quickly after setbacks." },
    ],
    process: [
      { title: "Assess", text: "Stress and emotional-intelligence questionnaires, plus a review of your current workload and triggers." },
      { title: "Understand", text: "Map the situations, thoughts and habits that drive your stress response." },
      { title: "Train", text: "Learn and rehearse regulation, reframing and recovery techniques in coaching sessions." },
      { title: "Embed", text: "Apply them in live situations, with a team session to share practices if you wish." },
    ],
    testimonials: [
      {
        name: "Thomas B.",
        title: "Chief Executive Officer",
        company: "Arden Manufacturing",
        industry: "Industrial",
        quote: "We went through a restructuring during the program. I was steadier than I have ever been, and my team told me so.",
        photo: "/images/people/thomas-b.svg",
      },
      {
        name: "Sophie W.",
        title: "Vice President, Operations",
        quote: "The tools are simple, grounded in research and they work on a Tuesday afternoon, not only on a retreat.",
        photo: "/images/people/sophie-w.svg",
      },
    ],
    keywords: ["stress management for executives", "leadership resilience", "burnout prevention", "executive wellbeing"],
  },
  {
    slug: "eq-emotional-intelligence-coaching",
    title: "EQ: Emotional Intelligence Coaching",
    tagline: "The capability that most reliably separates effective leaders from merely capable ones.",
    description:
      "Develop self-awareness, self-regulation, empathy and social skill with coaching built around an emotional-intelligence assessment.",
    image: "/images/programs/eq-emotional-intelligence-coaching.svg",
    format: "One-to-one coaching with 360° feedback",
    duration: "Five months, ten sessions",
    overview: [
      "Technical expertise earns a leadership role; emotional intelligence determines how well it is performed. Decades of research link EQ to team engagement, retention and the quality of decisions made under uncertainty.",
      "We start with an EQ self-assessment and confidential 360° interviews, so you see both how you experience yourself and how others experience you. Coaching then focuses on the two or three competencies with the greatest leverage.",
    ],
    benefits: [
      { title: "Self-awareness", text: "Recognise your emotional patterns and their effect on people and decisions." },
      { title: "Self-regulation", text: "Respond rather than react, especially in conflict and under scrutiny." },
      { title: "Empathy", text: "Read people and situations accurately, and earn trust across the organisation." },
      { title: "Influence", text: "Build the relationships that move decisions forward without relying on authority." },
    ],
    process: [
      { title: "Measure", text: "An emotional-intelligence assessment and 360° interviews with up to eight colleagues." },
      { title: "Debrief", text: "A detailed feedback session and a focused development plan." },
      { title: "Develop", text: "Coaching sessions with practical experiments between each one." },
      { title: "Re-measure", text: "A follow-up assessment and pulse feedback to confirm the change others notice." },
    ],
    testimonials: [
      {
        name: "Aisha N.",
        title: "Chief People Officer",
        company: "Lumen Retail Group",
        industry: "Retail",
        quote: "The 360° interviews were eye-opening and the coaching was direct. My team relationships are transformed.",
        photo: "/images/people/aisha-n.svg",
      },
      {
        name: "Robert F.",
        title: "Divisional President",
        quote: "I had always thought of EQ as soft. This program showed me it is the hardest and most valuable skill I use.",
        photo: "/images/people/robert-f.svg",
      },
    ],
    keywords: ["emotional intelligence coaching", "EQ for leaders", "self-awareness", "empathy in leadership", "360 feedback"],
  },
  {
    slug: "effective-communication-training",
    title: "Effective Communication Training",
    tagline: "Say less, land more: communication that moves boards, teams and markets.",
    description:
      "Master executive communication: clear messages, persuasive presentations, difficult conversations and the presence to hold a room.",
    image: "/images/programs/effective-communication-training.svg",
    format: "One-to-one coaching with recorded practice",
    duration: "Three months, eight sessions",
    overview: [
      "At senior levels, communication is the job. Strategy that is not understood is not executed, and a single unclear message can cost months of alignment.",
      "This program uses recorded practice, structured feedback and principles from persuasion research to sharpen how you speak to boards, investors, all-hands audiences and individuals in difficult moments.",
    ],
    benefits: [
      { title: "Clarity", text: "Structure messages so the point is unmistakable in the first thirty seconds." },
      { title: "Persuasion", text: "Build arguments that account for your audience's priorities and objections." },
      { title: "Presence", text: "Develop a calm, credible delivery on stage, on camera and across the table." },
      { title: "Difficult conversations", text: "Handle feedback, conflict and bad news with candour and care." },
    ],
    process: [
      { title: "Diagnose", text: "Review recordings of real presentations and meetings, and a communication-style profile." },
      { title: "Structure", text: "Learn frameworks for executive messages, briefings and stories." },
      { title: "Rehearse", text: "Practise upcoming high-stakes moments with recorded playback and feedback." },
      { title: "Perform", text: "Debrief the real event and refine for the next one." },
    ],
    testimonials: [
      {
        name: "Caroline H.",
        title: "Chief Executive Officer",
        company: "Veridian Software",
        industry: "Technology",
        quote:
          "Our investor day was the best-received presentation in the company's history. The rehearsal process was worth every minute.",
        photo: "/images/people/caroline-h.svg",
      },
      {
        name: "Michael O.",
        title: "Head of Strategy",
        quote: "I learned to lead with the answer. My board papers are half the length and get decisions twice as fast.",
        photo: "/images/people/michael-o.svg",
      },
    ],
    keywords: [
      "executive communication training",
      "presentation skills",
      "executive presence",
      "difficult conversations",
      "public speaking",
    ],
  },
  {
    slug: "relationship-enrichment-training",
    title: "Relationship Enrichment Training",
    tagline: "Stronger working relationships: with your board, your peers and your team.",
    description:
      "Build the trust, candour and mutual understanding that make senior relationships productive, from the boardroom to your closest partnerships.",
    image: "/images/programs/relationship-enrichment-training.svg",
    format: "Individual or paired coaching",
    duration: "Four months, eight sessions",
    overview: [
      "The relationships around a senior leader, with a chair, a co-founder, a peer executive or a direct report, carry a disproportionate share of the organisation's outcomes. When they strain, everything slows.",
      "Using personality and communication-style assessments, we help you understand how you and the people who matter most to your work differ, and practise the behaviours that rebuild trust and keep it.",
    ],
    benefits: [
      { title: "Mutual understanding", text: "See how differences in personality and style drive recurring friction." },
      { title: "Trust", text: "Rebuild and maintain trust through consistent, visible behaviours." },
      { title: "Productive conflict", text: "Disagree openly and resolve issues before they become rifts." },
      { title: "Stronger partnerships", text: "Align expectations with your board, co-founders and key peers." },
    ],
    process: [
      { title: "Profile", text: "Personality and communication-style assessments for you and, if invited, your counterpart." },
      { title: "Map", text: "Identify the key relationships and the patterns that help or hurt each one." },
      { title: "Practise", text: "Coaching on specific conversations, with joint sessions where helpful." },
      { title: "Sustain", text: "Agree routines that keep the relationship healthy after the program ends." },
    ],
    testimonials: [
      {
        name: "Daniel & Laura P.",
        title: "Co-founders",
        company: "Atlas Health",
        industry: "Healthcare",
        quote:
          "We were close to splitting the company. Four months later we are clearer about roles and we actually enjoy working together again.",
        photo: "/images/people/daniel-laura-p.svg",
      },
      {
        name: "Henrik J.",
        title: "Chief Technology Officer",
        quote: "My relationship with our CEO went from tense to genuinely collaborative. The assessments explained so much.",
        photo: "/images/people/henrik-j.svg",
      },
    ],
    keywords: [
      "relationship coaching for executives",
      "board relationships",
      "co-founder coaching",
      "trust building",
      "workplace relationships",
    ],
  },
  {
    slug: "dietary-enchantment-and-gut-microbiome",
    title: "Dietary Enchantment & Gut Microbiome",
    tagline: "Fuel for sustained cognitive performance, grounded in nutrition science.",
    description:
      "A practical program on nutrition, the gut–brain connection and eating for steady energy and clear thinking through demanding schedules.",
    image: "/images/programs/dietary-enchantment-and-gut-microbiome.svg",
    format: "Coaching with a registered nutrition specialist",
    duration: "Three months, six sessions",
    overview: [
      "Travel, long days and business dinners make nutrition an afterthought for many executives, yet what you eat affects concentration, mood and resilience within hours.",
      "Working with a registered nutrition specialist on our team, this program translates current research on diet and the gut microbiome into simple, sustainable habits that fit a demanding schedule. It is educational coaching and does not replace medical advice.",
    ],
    benefits: [
      { title: "Steady energy", text: "Eat to avoid the mid-afternoon slump and late-night crashes." },
      { title: "Clearer thinking", text: "Support concentration and mood through the gut–brain connection." },
      { title: "Travel-proof habits", text: "Practical strategies for flights, hotels and client dinners." },
      { title: "Lasting change", text: "Small, realistic adjustments rather than restrictive diets." },
    ],
    process: [
      { title: "Review", text: "A food and energy diary with a health and lifestyle questionnaire." },
      { title: "Educate", text: "Clear explanations of the research on nutrition, the microbiome and cognition." },
      { title: "Plan", text: "A personalised eating plan built around your schedule and preferences." },
      { title: "Adapt", text: "Follow-up sessions to adjust the plan to travel and changing demands." },
    ],
    testimonials: [
      {
        name: "Gregory T.",
        title: "Managing Partner",
        company: "Castell Advisory",
        industry: "Professional Services",
        quote: "I travel three weeks a month. This is the first time my energy has stayed level through a whole trip.",
        photo: "/images/people/gregory-t.svg",
      },
      {
        name: "Natalie V.",
        title: "Chief Marketing Officer",
        quote: "No fads, just evidence and a plan I could follow. My afternoons are productive again.",
        photo: "/images/people/natalie-v.svg",
      },
    ],
    keywords: ["executive nutrition", "gut microbiome", "nutrition for cognitive performance", "executive health coaching"],
  },
];

export function findProgram(slug: string): Program | undefined {
  return PROGRAMS.find((program) => program.slug === slug);
}
