"use client";

import { useEffect, useState } from "react";
import { Button } from "@coach/ui/button";
import { DB_ISSUE_TEXT, DB_ISSUE_TITLE, errorMessage, isDatabaseConnectionError } from "~/lib/errors";
import { inputClasses } from "@coach/ui/field";

/** A value that follows `value` after the user pauses typing. */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Previous / Next paging with the position announced. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite">
        Showing {first}–{last} of {total} · Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** Loading, error (with the database-connectivity wording) and retry for one area of the console. */
export function QueryState({
  isPending,
  error,
  onRetry,
  loadingText,
  fallback,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  loadingText: string;
  fallback: string;
}) {
  if (error) {
    const db = isDatabaseConnectionError(error);
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{db ? DB_ISSUE_TITLE : fallback}</p>
        <p className="mt-1">
          {db ? `${DB_ISSUE_TEXT} If the problem persists, please contact technical support.` : errorMessage(error, "Please try again.")}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-600">
        {loadingText}
      </p>
    );
  }
  return null;
}

export function SectionHeading({ title, description }: { title: string; description?: string }) {
  return (
    <div className="mb-4">
      <h2 className="text-xl font-semibold text-brand-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
    </div>
  );
}

/** The console's search box: typing filters as you go and returns to the first page. */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className="mb-4 max-w-md">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={100}
        className={`${inputClasses} mt-1 border-slate-300`}
      />
    </form>
  );
}
