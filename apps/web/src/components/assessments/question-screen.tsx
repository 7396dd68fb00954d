import Image from "next/image";
import { useState, type ReactNode, type Ref } from "react";
import { Button } from "@coach/ui/button";
import { positionText, type Position } from "./flow-state";
import { OptionsInput, SLIDER_DEFAULT, SliderInput } from "./question-input";
import type { TakerQuestion, TestWithQuestions } from "./types";

/** "Question N of (about) M" and a bar that never moves backwards (flow-state.ts). */
function ProgressHeader({ position }: { position: Position }) {
  return (
    <div className="mt-6">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{positionText(position)}</span>
        <span>{position.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position.percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] motion-reduce:transition-none"
          style={{ width: `${position.percent}%` }}
        />
      </div>
    </div>
  );
}

/** The questions phase: one question, its answer control, Previous and Next/Finish. */
export function QuestionScreen({
  header,
  test,
  question,
  saved,
  position,
  saving,
  canGoBack,
  headingRef,
  onSubmit,
  onBack,
}: {
  header: ReactNode;
  test: TestWithQuestions["test"];
  question: TakerQuestion;
  saved: string | undefined;
  position: Position;
  saving: boolean;
  canGoBack: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onSubmit: (question: TakerQuestion, value: string) => void;
  onBack: () => void;
}) {
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const isSlider = question.type === "slider";
  const current = drafts[question.id] ?? saved ?? (isSlider ? SLIDER_DEFAULT : undefined);
  const setDraft = (value: string) => setDrafts((d) => ({ ...d, [question.id]: value }));
  const submit = (value: string) => onSubmit(question, value);

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6" aria-labelledby="test-title">
      {header}
      <h1 id="test-title" className="mt-4 text-2xl font-bold text-brand-900">
        {test.title}
      </h1>
      <ProgressHeader position={position} />

      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <h2 id={`q-${question.id}`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {question.text}
        </h2>
        {question.imageUrl ? (
          <Image
            src={question.imageUrl}
            alt={`Figure for question ${position.n}`}
            width={480}
            height={532}
            unoptimized
            className="mt-4 h-auto w-full max-w-md rounded-md border border-slate-200 bg-white"
          />
        ) : null}
        {isSlider ? (
          <SliderInput
            question={question}
            value={current ?? SLIDER_DEFAULT}
            disabled={saving}
            last={position.last}
            onChange={setDraft}
            onRelease={submit}
          />
        ) : (
          <OptionsInput
            question={question}
            value={current}
            disabled={saving}
            final={test.type === "iq" ? saved : undefined}
            onChange={setDraft}
            onSubmit={submit}
          />
        )}
      </div>

      <div className="mt-8 flex items-center justify-between gap-3">
        <Button variant="outline" disabled={!canGoBack || saving} onClick={onBack}>
          Previous
        </Button>
        <Button disabled={saving || current === undefined} loading={saving} onClick={() => current !== undefined && submit(current)}>
          {position.last ? "Finish" : "Next"}
        </Button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {saving ? "Saving your answer…" : ""}
      </p>
    </section>
  );
}
