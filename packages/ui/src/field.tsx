import { clsx } from "clsx";
import { useId, type ComponentProps, type ReactNode } from "react";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={clsx("block text-sm font-medium text-slate-800", className)} {...props} />;
}

/** A field's error, announced to screen readers; renders nothing without a message. */
export function FieldError({ id, message, className }: { id?: string; message?: ReactNode; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={clsx("text-sm text-red-700", className)}>
      {message}
    </p>
  );
}

export const inputClasses =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:bg-slate-100";

export interface TextFieldProps extends ComponentProps<"input"> {
  label: ReactNode;
  error?: ReactNode;
  /** A hint under the field (linked with aria-describedby). */
  hint?: ReactNode;
  containerClassName?: string;
}

/**
 * A labelled input with its error and hint wired for assistive technology.
 * Works with react-hook-form: <TextField label="Email" {...register("email")} error={errors.email?.message} />.
 */
export function TextField({ label, error, hint, id, className, containerClassName, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("space-y-1.5", containerClassName)}>
      <Label htmlFor={inputId}>{label}</Label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(inputClasses, error ? "border-red-600" : "border-slate-300", className)}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
