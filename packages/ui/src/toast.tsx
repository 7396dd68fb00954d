"use client";

import { clsx } from "clsx";
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";

/**
 * Notifications (spec sections 2 and 9): one toast at a time, closable, variants default and
 * destructive, at the top on small screens and bottom-right from md up, at most 420px wide.
 * `toast()` works anywhere (event handlers, providers); render <Toaster /> once in the layout.
 */

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds until it closes by itself; Infinity keeps it open until closed. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: string;
  open: boolean;
}

/** Only one toast is shown at a time; a newer one replaces it. */
export const TOAST_LIMIT = 1;
/** A dismissed toast leaves the store after this long (the spec's constant). */
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DEFAULT_DURATION = 6_000;

type Listener = () => void;
let toasts: Toast[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast (or all without an id). */
export function dismissToast(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast and returns its id and controls. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => toasts;
const emptySnapshot: Toast[] = [];
const getServerSnapshot = () => emptySnapshot;

/** The current toasts plus `toast` and `dismiss`, for components. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}

function ToastItem({ item }: { item: Toast }) {
  const destructive = item.variant === "destructive";
  const duration = item.duration ?? TOAST_DEFAULT_DURATION;
  const paused = useRef(false);

  useEffect(() => {
    if (!item.open || !Number.isFinite(duration)) return;
    let remaining = duration;
    let started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      timer = setTimeout(() => {
        if (paused.current) {
          started = Date.now();
          remaining = 1_000;
          tick();
        } else dismissToast(item.id);
      }, remaining);
    };
    tick();
    return () => {
      if (timer) clearTimeout(timer);
      remaining -= Date.now() - started;
    };
  }, [item.id, item.open, duration]);

  if (!item.open) return null;
  return (
    <div
      role={destructive ? "alert" : "status"}
      aria-atomic="true"
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
      className={clsx(
        "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
        destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <div className="grid gap-1">
        {item.title ? <p className="text-sm font-semibold">{item.title}</p> : null}
        {item.description ? (
          <div className={clsx("text-sm", destructive ? "text-red-50" : "text-slate-700")}>{item.description}</div>
        ) : null}
        {item.action ? <div className="mt-2">{item.action}</div> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label="Close notification"
        className={clsx(
          "absolute right-2 top-2 rounded-md p-1 focus:outline-none focus-visible:ring-2",
          destructive
            ? "text-red-50 hover:bg-red-800 focus-visible:ring-white"
            : "text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-brand-600",
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
          <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
        </svg>
      </button>
    </div>
  );
}

/** Renders the open toast. Place once, near the end of <body>. */
export function Toaster() {
  const { toasts: current } = useToast();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-4 md:inset-x-auto md:bottom-0 md:right-0 md:top-auto md:justify-end"
    >
      {/* One toast at a time, each its own live region (status or alert), so no list semantics. */}
      <div className="flex w-full flex-col gap-2 md:max-w-[420px]">
        {current.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
