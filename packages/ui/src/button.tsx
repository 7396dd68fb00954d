import { clsx } from "clsx";
import type { ComponentProps } from "react";

/**
 * The one button system of the site: app controls (forms, dialogs, admin) and the public pages'
 * call-to-action links share these classes. The last four variants are the public pages' colours.
 */
export type ButtonVariant =
  "primary" | "secondary" | "outline" | "ghost" | "destructive" | "link" | "accent" | "outline-brand" | "outline-light";
/** `cta` is the public pages' call-to-action size: padded rather than fixed-height, larger from sm up. */
export type ButtonSize = "sm" | "md" | "lg" | "cta";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 focus-visible:ring-brand-600",
  secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100 focus-visible:ring-brand-600",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:ring-brand-600",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-brand-600",
  destructive: "bg-red-700 text-white hover:bg-red-800 focus-visible:ring-red-600",
  link: "text-brand-700 underline-offset-4 hover:underline focus-visible:ring-brand-600",
  accent: "bg-accent-500 text-brand-900 hover:bg-accent-300",
  "outline-brand": "border border-brand-700 text-brand-700 hover:bg-brand-50",
  "outline-light": "border border-white text-white hover:bg-white hover:text-brand-900",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  cta: "px-5 py-3 text-sm sm:text-base",
};

const BASE = "inline-flex items-center justify-center rounded-md font-semibold transition-colors";
/** Controls draw their own focus ring; call-to-action links keep the site-wide :focus-visible outline. */
const CONTROL = "gap-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

/** The class names of a button, for links that look like one. */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return clsx(BASE, size !== "cta" && CONTROL, variants[variant], variant === "link" ? "h-auto px-0" : sizes[size], className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
}

export function Button({ variant, size, loading = false, disabled, className, children, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {loading ? (
        <svg aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" viewBox="0 0 24 24" fill="none">
          <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
          <path d="M4 12a8 8 0 0 1 8-8" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        </svg>
      ) : null}
      {children}
    </button>
  );
}
