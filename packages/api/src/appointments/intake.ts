/** The intake questions of an appointment type, and checking a client's answers against them. */
import type { schema } from "@coach/db";
import type { IntakeQuestion } from "@coach/scheduling";
import { DomainError } from "../shared/domain-error";

const MAX_ANSWER = { "short-text": 300, "long-text": 4000, "single-choice": 120 } as const;

/**
 * The answers as stored: in question order, each with the question's wording at booking time (so a
 * later edit of the question does not change what the client answered). Unknown questions, a missing
 * required answer, an overlong answer or a choice that is not offered are refused with a clear message.
 */
export function resolveAnswers(
  questions: readonly IntakeQuestion[],
  given: ReadonlyArray<{ questionId: string; answer: string }>,
): schema.AppointmentAnswer[] {
  const byId = new Map(given.map((a) => [a.questionId, a.answer.trim()]));
  for (const id of byId.keys()) {
    if (!questions.some((q) => q.id === id))
      throw new DomainError(
        "BAD_REQUEST",
        "One of the answers is for a question this appointment type does not ask. Reload the page and try again.",
      );
  }
  const stored: schema.AppointmentAnswer[] = [];
  for (const q of questions) {
    const answer = byId.get(q.id) ?? "";
    if (!answer) {
      if (q.required) throw new DomainError("BAD_REQUEST", `Please answer "${q.label}".`);
      continue;
    }
    if (answer.length > MAX_ANSWER[q.kind])
      throw new DomainError("BAD_REQUEST", `The answer to "${q.label}" must be at most ${MAX_ANSWER[q.kind]} characters.`);
    if (q.kind === "single-choice" && !q.options.includes(answer))
      throw new DomainError("BAD_REQUEST", `Choose one of the options for "${q.label}".`);
    stored.push({ questionId: q.id, question: q.label, answer });
  }
  return stored;
}
