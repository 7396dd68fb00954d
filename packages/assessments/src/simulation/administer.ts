/**
 * Runs one adaptive attempt the way the API does (the engine's sessions, the same budget), but
 * incrementally, so a simulation of thousands of attempts stays within minutes. A fast test checks
 * that it asks exactly what nextQuestion would ask.
 */
import { budgetFor, sessionFor } from "../adaptive/next-question";
import { IqSession } from "../adaptive/iq-session";
import type { ScorableQuestion } from "../scoring/common";
import type { InstrumentType } from "../types";

export function administer(
  type: InstrumentType,
  questions: readonly ScorableQuestion[],
  respond: (index: number) => string,
  retake = false,
): Record<string, string> {
  const session = sessionFor(type, questions)!;
  const index = new Map(questions.map((q, i) => [String(q.id), i]));
  const administrable = questions.filter((q) => (type === "iq" ? q.type === "multiple-choice" : q.type === "slider")).length;
  const budget = budgetFor(type, administrable);
  const answers: Record<string, string> = {};
  for (;;) {
    const id = session instanceof IqSession ? session.next(budget) : session.next(budget, retake);
    if (id === null) return answers;
    const value = respond(index.get(String(id))!);
    answers[String(id)] = value;
    if (session instanceof IqSession) session.answer(id, value);
    else session.answer(id, Number(value));
  }
}
