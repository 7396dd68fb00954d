/**
 * The taking flow as a pure reducer: intro → questions → results. The server says which question
 * comes next (`next`, from the stored answers: docs/decisions/0040); the flow keeps the questions it
 * has shown, in order, so Previous can go back over them, and a progress share that never goes down.
 */

export type Phase = "intro" | "questions" | "results";

/** What start, current and every saved answer say about where the attempt stands. */
export interface Step {
  next: { id: number } | null;
  answered: number;
  estimatedTotal: number;
}

export interface AttemptLike {
  id: number;
  completedAt: Date | string | null;
}

export interface FlowState<A extends AttemptLike = AttemptLike> {
  phase: Phase;
  attempt: A | null;
  /** saved answers by question id */
  answers: Record<number, string>;
  /** ids of the questions shown so far, in the order shown: the answered ones, then the one to answer */
  shown: number[];
  /** position in `shown` of the question on screen */
  index: number;
  answered: number;
  estimatedTotal: number;
  /** share of the test done, as the bar shows it: never less than before */
  progress: number;
  /** the server said the attempt may be completed after the last save on the last question */
  readyToComplete: boolean;
}

export type FlowEvent<A extends AttemptLike = AttemptLike> =
  /** start, or an attempt loaded to resume or view; `answers` in question order */
  | { type: "loaded"; attempt: A & Step & { answers: { questionId: number; answer: string }[] } }
  | { type: "saved"; questionId: number; answer: string; step: Step }
  | { type: "back" }
  | { type: "completed"; attempt: Partial<A> };

export function initialFlow<A extends AttemptLike>(): FlowState<A> {
  return {
    phase: "intro",
    attempt: null,
    answers: {},
    shown: [],
    index: 0,
    answered: 0,
    estimatedTotal: 0,
    progress: 0,
    readyToComplete: false,
  };
}

/** Where question `position` (0-based) of `estimatedTotal` puts the bar: the spec's N/M, capped at 1. */
function shareAt(position: number, estimatedTotal: number): number {
  return estimatedTotal > 0 ? Math.min(1, (position + 1) / Math.max(estimatedTotal, position + 1)) : 0;
}

function loaded<A extends AttemptLike>(state: FlowState<A>, attempt: Extract<FlowEvent<A>, { type: "loaded" }>["attempt"]): FlowState<A> {
  const answers = Object.fromEntries(attempt.answers.map((a) => [a.questionId, a.answer]));
  const shown = attempt.answers.map((a) => a.questionId);
  if (attempt.next && !shown.includes(attempt.next.id)) shown.push(attempt.next.id);
  const index = attempt.next ? shown.indexOf(attempt.next.id) : Math.max(0, shown.length - 1);
  const { answered, estimatedTotal } = attempt;
  return {
    ...state,
    phase: attempt.completedAt ? "results" : "questions",
    attempt,
    answers,
    shown,
    index,
    answered,
    estimatedTotal,
    progress: Math.max(state.progress, shareAt(index, estimatedTotal)),
    readyToComplete: false,
  };
}

function saved<A extends AttemptLike>(state: FlowState<A>, event: Extract<FlowEvent<A>, { type: "saved" }>): FlowState<A> {
  const { step } = event;
  const answers = { ...state.answers, [event.questionId]: event.answer };
  const base = { ...state, answers, answered: step.answered, estimatedTotal: step.estimatedTotal, readyToComplete: false };
  const atEnd = state.index >= state.shown.length - 1;
  if (!atEnd) {
    // An earlier question answered again: show the one that followed it.
    const index = state.index + 1;
    return { ...base, index, progress: Math.max(state.progress, shareAt(index, step.estimatedTotal)) };
  }
  if (!step.next) return { ...base, progress: 1, readyToComplete: true };
  const shown = state.shown.includes(step.next.id) ? state.shown : [...state.shown, step.next.id];
  const index = shown.indexOf(step.next.id);
  return { ...base, shown, index, progress: Math.max(state.progress, shareAt(index, step.estimatedTotal)) };
}

export function flowReducer<A extends AttemptLike>(state: FlowState<A>, event: FlowEvent<A>): FlowState<A> {
  switch (event.type) {
    case "loaded":
      return loaded(state, event.attempt);
    case "saved":
      return saved(state, event);
    case "back":
      // Display only: no call, and the bar stays where it was.
      return state.index > 0 ? { ...state, index: state.index - 1, readyToComplete: false } : state;
    case "completed":
      return state.attempt
        ? { ...state, phase: "results", attempt: { ...state.attempt, ...event.attempt }, readyToComplete: false }
        : state;
  }
}

/** What the question screen says about where the taker is. */
export interface Position {
  /** 1-based number of the question on screen */
  n: number;
  /** how many questions the test is expected to take */
  total: number;
  /** true when the total is an estimate (an adaptive test), shown as "of about M" */
  approximate: boolean;
  /** the progress bar, a rounded percentage */
  percent: number;
  /** the answer on screen is expected to be the last: its button says Finish */
  last: boolean;
}

/**
 * "Question N of M" when every question in use is asked (the spec's words), "Question N of about M"
 * when the server expects another number (docs/decisions/0040).
 */
export function positionOf(state: FlowState, questionsInUse: number): Position {
  const n = state.index + 1;
  const total = Math.max(state.estimatedTotal, n);
  const atEnd = state.index >= state.shown.length - 1;
  return {
    n,
    total,
    approximate: total !== questionsInUse,
    percent: Math.round(state.progress * 100),
    last: atEnd && n >= total,
  };
}

export function positionText(p: Position): string {
  return `Question ${p.n} of ${p.approximate ? "about " : ""}${p.total}`;
}
