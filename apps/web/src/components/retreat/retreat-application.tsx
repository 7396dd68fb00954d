"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Button, buttonClasses } from "@coach/ui/button";
import { FieldError, Label, TextField, inputClasses } from "@coach/ui/field";
import { useHeaderSession } from "~/components/header-session-store";

const STATUS_TEXT: Record<string, string> = {
  pending: "Your application is with the coach, who will be in touch.",
  accepted: "You have been accepted: the deposit's payment link is in your email.",
  offered: "A place has freed up for you: the deposit's payment link is in your email.",
  confirmed: "Your place is confirmed. The balance invoice comes by email before the start.",
  waitlisted: "Every place is taken for now; you are on the waitlist and will hear as soon as one frees.",
};

type Application = { id: number; status: string };
type Quote = { percent: number; amount: number; amountText: string; paid: number };

/**
 * The public pages are prerendered outside the app's providers, so this island speaks to the REST API
 * (same origin, the session cookie) as the header's session controls do, instead of through tRPC's hooks.
 */
async function call<T>(path: string, init?: { method: "POST"; body: unknown }): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method: init?.method ?? "GET",
    credentials: "same-origin",
    cache: "no-store",
    headers: { accept: "application/json", ...(init ? { "content-type": "application/json" } : {}) },
    body: init ? JSON.stringify(init.body) : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(body.message ?? "Something went wrong; please try again.");
  return body as T;
}

/** The retreat's application for a signed-in visitor, and where theirs stands (with cancellation, its refund shown first). */
export function RetreatApplication() {
  const session = useHeaderSession();
  if (session.status !== "known") return null;
  if (!session.user)
    return (
      <p className="text-slate-700">
        <Link href="/auth" className="text-brand-700 underline">
          Sign in
        </Link>{" "}
        to apply for a place online.
      </p>
    );
  return <SignedIn />;
}

function SignedIn() {
  const ids = { message: useId(), error: useId() };
  const [mine, setMine] = useState<Application[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const load = useCallback(() => {
    call<Application[]>("/retreat/applications")
      .then(setMine)
      .catch((error: Error) => setProblem(error.message));
  }, []);
  useEffect(load, [load]);
  if (!mine) return problem ? <FieldError message={problem} /> : <p className="text-slate-700">Loading your application...</p>;
  const live = mine.find((a) => a.status in STATUS_TEXT);
  if (live)
    return (
      <div className="space-y-3">
        <p role="status" className="text-slate-800">
          {STATUS_TEXT[live.status]}
        </p>
        <CancelPlace id={live.id} onCanceled={load} />
      </div>
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    try {
      await call("/retreat/applications", {
        method: "POST",
        body: { company: form.get("company"), role: form.get("role"), message: form.get("message") },
      });
      setProblem(null);
      load();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Apply for the retreat">
      <TextField name="company" label="Company" required autoComplete="organization" />
      <TextField name="role" label="Role" required autoComplete="organization-title" />
      <div className="space-y-1.5">
        <Label htmlFor={ids.message}>What would you like to work on?</Label>
        <textarea id={ids.message} name="message" rows={5} required minLength={20} className={`${inputClasses} border-slate-300`} />
      </div>
      <FieldError id={ids.error} message={problem ?? undefined} />
      <Button type="submit" loading={sending}>
        Apply for a place
      </Button>
    </form>
  );
}

/** Shows what cancelling refunds now (the server's figure by the schedule) before the person confirms it. */
function CancelPlace({ id, onCanceled }: { id: number; onCanceled: () => void }) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ask = () => {
    setAsking(true);
    call<Quote>(`/retreat/applications/${id}/cancellation`)
      .then(setQuote)
      .catch((error: Error) => setProblem(error.message));
  };
  if (!asking)
    return (
      <button type="button" className={buttonClasses({ variant: "outline", size: "sm" })} onClick={ask}>
        Cancel my application
      </button>
    );
  if (!quote) return problem ? <FieldError message={problem} /> : <p className="text-slate-700">Working out your refund...</p>;
  const confirm = async () => {
    try {
      await call(`/retreat/applications/${id}/cancel`, { method: "POST", body: { expectedAmount: quote.amount } });
      onCanceled();
    } catch (error) {
      setProblem((error as Error).message);
      ask();
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-slate-800">
        {quote.paid === 0
          ? "Nothing has been paid, so there is nothing to refund."
          : `Cancelling now refunds ${quote.amountText} (${quote.percent}% by the refund schedule).`}
      </p>
      <FieldError message={problem ?? undefined} />
      <div className="flex gap-2">
        <Button size="sm" variant="destructive" onClick={() => void confirm()}>
          Confirm cancellation
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAsking(false)}>
          Keep my place
        </Button>
      </div>
    </div>
  );
}
