import type { BlogTag } from "../schema";

export interface SeedPost {
  slug: string;
  title: string;
  summary: string;
  content: string;
  tags: BlogTag[];
  /** days before the seed run */
  publishedDaysAgo: number;
  imageUrl?: string;
  featured?: boolean;
}

/**
 * The articles a fresh site starts with. Some bodies are HTML (shown as such because they hold h2
 * or lists), others plain text whose blank lines become paragraphs. The coach may edit or delete
 * them; the seed never overwrites an existing slug.
 */
export const SEED_POSTS: SeedPost[] = [
  {
    slug: "the-decision-audit-how-senior-leaders-learn-from-their-own-choices",
    title: "The Decision Audit: How Senior Leaders Learn From Their Own Choices",
    summary:
      "Most executives review outcomes, not decisions. A simple quarterly audit separates the quality of a choice from the luck of its result, and it is the fastest way we know to sharpen judgement.",
    imageUrl: "/images/blog/decision-audit.svg",
    tags: ["leadership", "performance"],
    publishedDaysAgo: 3,
    featured: true,
    content: `<p>Ask a leadership team why a project succeeded and you will hear about the decisions that made it work. Ask why one failed and you will hear about the market, the timing or a competitor. Both stories are partly true, and both teach very little, because they judge a decision by its outcome.</p>
<h2>Separate the decision from the result</h2>
<p>Decision researchers call the habit of grading choices by their results <em>outcome bias</em>. A sound decision can end badly and a reckless one can end well. If you only study results, you reinforce the reckless choice that happened to work and abandon the sound one that met bad luck.</p>
<h2>A quarterly decision audit</h2>
<p>We ask the executives we coach to keep a short record of consequential decisions at the moment they make them, then to review it every quarter. The record takes five minutes and holds four things:</p>
<ul>
<li><strong>The decision</strong> in one sentence, and the alternatives that were seriously considered.</li>
<li><strong>What you knew</strong> and what you knew you did not know.</li>
<li><strong>What you expected</strong>, written as a range with a rough probability, not a single forecast.</li>
<li><strong>How you felt</strong>: rushed, confident, pressured, tired. State matters more than most leaders admit.</li>
</ul>
<h2>What the review looks for</h2>
<p>At the quarterly review the question is not "did it work?" but "given what I knew, was this a good bet, and was the process sound?" Patterns appear quickly. One client discovered that nearly every decision she regretted had been made on a Friday afternoon after a week of travel. Another found that his forecasts were consistently too narrow: he was right about direction and wrong about magnitude.</p>
<blockquote>Judgement improves when feedback is honest, specific and close to the moment of choice. A decision journal supplies all three.</blockquote>
<p>The audit is not a bureaucratic exercise. It is the cheapest form of executive development there is, and it compounds: leaders who keep it for a year make fewer decisions under poor conditions and describe their uncertainty more precisely to their boards.</p>`,
  },
  {
    slug: "emotional-intelligence-is-a-skill-not-a-trait",
    title: "Emotional Intelligence Is a Skill, Not a Trait",
    summary:
      "Emotional intelligence is often treated as something leaders either have or lack. The evidence says otherwise: its components can be measured, practised and improved, much like any other executive capability.",
    imageUrl: "/images/blog/emotional-intelligence.svg",
    tags: ["emotional_intelligence", "personal_growth"],
    publishedDaysAgo: 10,
    content: `Few ideas in leadership have been as popular, or as misunderstood, as emotional intelligence. It is often spoken of as temperament: some people are warm and perceptive, others are not, and that is that.

The research tells a more useful story. Emotional intelligence is a set of related abilities: noticing your own emotional state, regulating it, reading the states of others, and using that information to guide what you say and do. Each of these can be assessed, and each responds to deliberate practice.

Consider regulation. An executive who becomes curt under pressure is not displaying a fixed flaw. He is running a habit that was learned, usually because it once worked. Habits can be replaced. The first step is noticing the early physical signals of rising tension: a tight jaw, a quicker pace of speech, the urge to interrupt. The second is building a short, reliable interruption, such as a question asked before any answer is given.

Or consider empathy. Leaders often believe they are good at reading people because they are good at reading agendas. These are different skills. Reading emotion means attending to tone, pace and what is left unsaid, and then checking your reading rather than acting on it. A simple "It sounds as if this landed badly; is that right?" does more for trust than any amount of accurate strategic analysis.

In our coaching we begin with an assessment to establish a baseline, then choose one or two abilities to develop over a quarter, with specific situations in which to practise. Progress is measured again at the end. The pattern we see is consistent: modest, steady gains that colleagues notice before the leader does.

Emotional intelligence is not a gift. It is a discipline, and like every discipline it rewards those who practise it on ordinary days, not only in moments of crisis.`,
  },
  {
    slug: "stress-is-information-a-leaders-guide-to-sustainable-pressure",
    title: "Stress Is Information: A Leader's Guide to Sustainable Pressure",
    summary:
      "Pressure is part of senior roles, and removing it is neither possible nor desirable. What matters is how quickly you recover. Here is a practical framework for keeping high performance sustainable.",
    imageUrl: "/images/blog/sustainable-pressure.svg",
    tags: ["stress_management", "performance"],
    publishedDaysAgo: 18,
    content: `<p>Senior leaders rarely suffer from too much pressure in a single week. They suffer from pressure without recovery, sustained over months. The body's stress response is built for short bursts followed by rest; a calendar with no rest in it turns a useful signal into a chronic load.</p>
<h2>Treat stress as a signal</h2>
<p>Stress tells you that something matters and that your resources may not match the demand. That information is valuable. The mistake is either to ignore it or to let it drive every choice. We ask leaders to name the demand precisely: is it volume, ambiguity, conflict or a lack of control? Each calls for a different response.</p>
<h2>Four levers of recovery</h2>
<ol>
<li><strong>Sleep first.</strong> No other intervention matches it. Protecting seven hours is a strategic decision, not a personal indulgence.</li>
<li><strong>Micro-recovery during the day.</strong> Ten minutes between meetings without a screen, a short walk, a few slow breaths with a longer exhale than inhale. These reset the nervous system more than most people expect.</li>
<li><strong>Clear boundaries around availability.</strong> Decide when you are reachable and tell people. Ambiguity about availability is itself a source of stress, for you and for your team.</li>
<li><strong>Deliberate detachment.</strong> Time each week in which work is genuinely absent: exercise, family, a craft. Detachment predicts next-week energy better than the length of the holiday.</li>
</ol>
<h2>Leading a team under pressure</h2>
<p>Your state is contagious. A leader who is visibly depleted raises the anxiety of everyone around them, and a leader who recovers openly gives permission for others to do the same. Talk about how you manage load. Ask your team what is draining them, and remove one obstacle each week.</p>
<p>High performance over a career is not about enduring more. It is about recovering well enough to keep choosing wisely.</p>`,
  },
  {
    slug: "the-feedback-conversation-most-executives-avoid",
    title: "The Feedback Conversation Most Executives Avoid",
    summary:
      "Senior leaders give plenty of feedback downwards and almost none upwards or sideways. The conversations they avoid are usually the ones that matter most. A structure for making them routine.",
    imageUrl: "/images/blog/feedback-conversation.svg",
    tags: ["communication", "leadership"],
    publishedDaysAgo: 27,
    content: `The feedback conversation most executives avoid is not the one with a struggling direct report. It is the one with a peer who is undermining a shared priority, or with a chief executive whose habits are costing the organisation.

These conversations are avoided for understandable reasons. The relationship matters, the power is unequal or ambiguous, and the risk of making things worse feels real. So the issue is raised indirectly, through a third party, or not at all, and it grows.

A structure helps. We teach a four-part conversation that works in any direction:

First, state your intent. "I want this project to succeed and I value working with you, so I want to raise something." This lowers defensiveness before anything difficult is said.

Second, describe the specific behaviour and its effect, without interpretation. "In the last two steering meetings, the budget question was reopened after we had agreed it. The team has now paused procurement twice." Avoid words such as always, never, or any judgement of motive.

Third, ask and listen. "How do you see it?" Often there is context you did not have. Sometimes the other person has been waiting for permission to say that they are uneasy too.

Fourth, agree one concrete next step, and a time to check how it is going.

Practise this in low-stakes settings before using it where the stakes are high. Leaders who make such conversations routine find that most of them are far less dramatic than they feared, and that their peers begin to return the favour. A leadership team that can exchange direct feedback without drama is one of the most durable competitive advantages an organisation can have.`,
  },
  {
    slug: "building-psychological-safety-in-executive-teams",
    title: "Building Psychological Safety in Executive Teams",
    summary:
      "Psychological safety is usually discussed for front-line teams, yet it is often lowest at the top. What it looks like in a leadership team, how to measure it, and three practices that raise it.",
    imageUrl: "/images/blog/psychological-safety.svg",
    tags: ["team_building", "leadership", "communication"],
    publishedDaysAgo: 38,
    content: `<p>Psychological safety is the shared belief that a team is safe for interpersonal risk: that you can raise a concern, admit a mistake or challenge a plan without being punished or embarrassed. Research on team effectiveness consistently places it among the strongest predictors of how well teams learn and perform.</p>
<p>It is often lowest where it is needed most. Executive teams are made of capable, ambitious people who compete for resources and succession. Candour can feel expensive.</p>
<h2>What it looks like at the top</h2>
<ul>
<li>Bad news reaches the chief executive early and from the person closest to it.</li>
<li>Members disagree in the meeting, not in the corridor afterwards.</li>
<li>Someone says "I was wrong about that" at least once a quarter, and nothing bad happens to them.</li>
<li>Decisions, once made, are supported by those who argued against them.</li>
</ul>
<h2>Three practices that raise it</h2>
<h3>1. The leader goes first</h3>
<p>Safety is set by the most senior person's reaction to the first risky remark. Acknowledge your own uncertainty and mistakes explicitly; thank the person who brings the problem, before discussing the problem.</p>
<h3>2. Structure dissent</h3>
<p>Assign a rotating role to argue the strongest case against a proposal. When dissent is a job, it stops being a personal risk.</p>
<h3>3. Separate debate from decision</h3>
<p>State at the start of a discussion whether the team is exploring, advising or deciding, and who owns the decision. Much defensiveness comes from not knowing which it is.</p>
<p>Measure where you start with a short anonymous survey and repeat it after a quarter. The numbers matter less than the conversation they make possible.</p>`,
  },
  {
    slug: "from-expert-to-executive-the-identity-shift-of-senior-leadership",
    title: "From Expert to Executive: The Identity Shift of Senior Leadership",
    summary:
      "Leaders are usually promoted for their expertise and then asked to stop using it. The transition into senior leadership is less about new skills than about a new identity, and it can be navigated deliberately.",
    imageUrl: "/images/blog/expert-to-executive.svg",
    tags: ["career_development", "personal_growth"],
    publishedDaysAgo: 52,
    content: `Most executives reached their position by being excellent at something: engineering, finance, sales, law. Then, at some point, the role changed underneath them. Success now depends on the work of others, on decisions made with incomplete information and on relationships across the organisation. The expertise that earned the promotion becomes, at times, an obstacle.

We see three signs that a leader has not yet made the shift. They are the first to answer technical questions in meetings. Their calendar is full of work their team could do. And they feel most competent, and most at ease, on the days they solve a problem themselves.

None of this is a failing. It is the natural pull of a well-practised identity. The task is to build a second one alongside it.

Start by redefining a good day. For a senior leader a good day may be one in which you made two decisions that unblocked others, had one difficult conversation and did no hands-on work at all. Write your new definition down and review your week against it.

Next, change where your attention goes. Spend less time on the quality of the work and more on the quality of the system that produces it: who is in which role, how decisions are made, what the team is not talking about.

Finally, find new sources of competence. Experts receive fast, clear feedback: the model runs or it does not. Executives receive slow, ambiguous feedback. Coaching, structured reflection and trusted peers shorten that loop.

The transition takes most leaders between one and two years. Those who approach it deliberately make it faster, and they tend to keep the respect of their former peers because they stop competing with them.`,
  },
  {
    slug: "measuring-leadership-development-what-actually-changes",
    title: "Measuring Leadership Development: What Actually Changes",
    summary:
      "Organisations invest heavily in leadership development and measure it poorly. A practical approach to evaluating coaching and programmes, from baseline assessment to behaviour change that colleagues can observe.",
    imageUrl: "/images/blog/measuring-development.svg",
    tags: ["performance", "leadership", "career_development"],
    publishedDaysAgo: 66,
    content: `<p>Boards rightly ask what they receive for their investment in leadership development. Too often the answer is a satisfaction score from the last day of a programme. Satisfaction matters, but it measures the experience, not the change.</p>
<h2>Four levels worth measuring</h2>
<ol>
<li><strong>Insight:</strong> does the leader understand their own patterns more accurately? Assessments of personality, emotional intelligence and leadership style, read with their margins of error, establish a baseline and a shared language.</li>
<li><strong>Behaviour:</strong> do colleagues observe different behaviour? Short, focused pulse surveys from a small group of raters, repeated after three and six months, capture this far better than an annual review.</li>
<li><strong>Team outcomes:</strong> are the leader's team more engaged, more candid and better at delivering? Engagement and retention data, read carefully, help here.</li>
<li><strong>Business results:</strong> the hardest to attribute and the most important. Agree in advance which one or two results the development work is meant to influence.</li>
</ol>
<h2>Design the measurement before the work begins</h2>
<p>The most common mistake is to think about evaluation at the end. By then there is no baseline, and memories of the starting point are generous. We agree goals, raters and measures in the first session, and we record them.</p>
<h2>Expect the curve</h2>
<p>Behaviour change rarely follows a straight line. Many leaders get briefly worse as they try new approaches, before they get better. Colleagues' ratings typically lag the leader's own sense of progress by several weeks. A programme judged too early can look like a failure when it is in fact working.</p>
<p>Measured properly, development stops being an act of faith and becomes an investment that can be managed like any other.</p>`,
  },
];
