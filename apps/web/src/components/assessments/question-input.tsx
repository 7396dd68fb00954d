import type { TakerQuestion } from "./types";

export const SLIDER_LABELS = ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"] as const;
/** The spec's untouched slider (section 8, step 4): Next/Finish submits '3'. */
export const SLIDER_DEFAULT = "3";

/**
 * A 1–5 slider: released with a mouse or pen, the answer is saved (the spec's flow); keyboard users
 * confirm with Next/Finish. On a touch screen a tap only chooses: a thumb that lands on the slider
 * while scrolling must not answer and move on (issue 32), so the answer is saved with Next/Finish.
 */
export function SliderInput({
  question,
  value,
  disabled,
  last,
  onChange,
  onRelease,
}: {
  question: TakerQuestion;
  value: string;
  disabled: boolean;
  last: boolean;
  onChange: (value: string) => void;
  onRelease: (value: string) => void;
}) {
  const index = Math.min(4, Math.max(0, Number(value) - 1));
  return (
    <div className="mt-8">
      <input
        type="range"
        min={1}
        max={5}
        step={1}
        value={value}
        disabled={disabled}
        aria-labelledby={`q-${question.id}`}
        aria-describedby={`q-${question.id}-hint`}
        aria-valuetext={SLIDER_LABELS[index]}
        onChange={(e) => onChange(e.currentTarget.value)}
        onPointerUp={(e) => {
          if (e.pointerType !== "touch") onRelease(e.currentTarget.value);
        }}
        className="w-full cursor-pointer accent-brand-700"
      />
      <div className="mt-2 grid grid-cols-5 text-center text-xs text-slate-700" aria-hidden="true">
        {SLIDER_LABELS.map((label, i) => (
          <span key={label} className={i === index ? "font-semibold text-brand-800" : undefined}>
            {label}
          </span>
        ))}
      </div>
      <p id={`q-${question.id}-hint`} className="mt-4 text-sm text-slate-600">
        Drag the slider and release it to save your answer, or use the arrow keys and choose {last ? "Finish" : "Next"}. On a touch screen,
        tap your answer, then {last ? "Finish" : "Next"}.
      </p>
    </div>
  );
}

/**
 * Radio options: a pointer click saves at once; keyboard users pick with the arrow keys and press Enter or Next.
 * `final`: a reasoning answer already saved, which the server keeps as given (decision 0062): the other options are disabled.
 */
export function OptionsInput({
  question,
  value,
  disabled,
  final,
  onChange,
  onSubmit,
}: {
  question: TakerQuestion;
  value: string | undefined;
  disabled: boolean;
  final?: string | undefined;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
}) {
  return (
    <fieldset className="mt-6">
      <legend className="sr-only">{question.text}</legend>
      {/* Eight short options (letters under a figure, or numbers): two rows of four fit under the figure without scrolling. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(question.options ?? []).map((option) => (
          <label
            key={option}
            onClick={(e) => {
              if (e.detail > 0 && !disabled && (final === undefined || option === final)) {
                onChange(option);
                onSubmit(option);
              }
            }}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 hover:border-brand-600 hover:bg-brand-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={`question-${question.id}`}
              value={option}
              checked={value === option}
              disabled={disabled || (final !== undefined && option !== final)}
              onChange={() => onChange(option)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  onChange(option);
                  onSubmit(option);
                }
              }}
              className="h-4 w-4 accent-brand-700"
            />
            <span className="text-slate-900">{option}</span>
          </label>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {final === undefined
          ? "Click an option to save your answer, or select one with the arrow keys and press Enter."
          : "Your answer is saved and stays as given: the questions after it were chosen from it. Press Next to go on."}
      </p>
    </fieldset>
  );
}
