"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { RichTextEditor } from "~/components/editor/rich-text-editor";
import { LocalShortDateTime } from "~/components/time/local-time";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

const field =
  "block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * Writing a newsletter issue in the console (not only sending a post): a subject and its text,
 * formatted with the blog's editor, a test to any address, then the send to subscribers, which waits for a test of the current text.
 */
export function LetterComposer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const letters = useQuery(trpc.admin.newsletter.letters.queryOptions());
  const [editing, setEditing] = useState<number | undefined>(undefined);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [testTo, setTestTo] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.letters.queryKey() });
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });

  const save = useMutation(
    trpc.admin.newsletter.saveLetter.mutationOptions({
      onSuccess: (row) => {
        setEditing(row.id);
        toast({ title: "Issue saved", description: "Send a test before sending it to subscribers." });
        refresh();
      },
      onError: failed("The issue could not be saved"),
    }),
  );
  const test = useMutation(
    trpc.admin.newsletter.testLetter.mutationOptions({
      onSuccess: (_row, input) => {
        toast({ title: "Test sent", description: `A test copy is on its way to ${input.to}.` });
        refresh();
      },
      onError: failed("The test could not be sent"),
    }),
  );
  const send = useMutation(
    trpc.admin.newsletter.sendLetter.mutationOptions({
      onSuccess: (result) => {
        toast({ title: "Newsletter sent", description: `Sent to ${result.issue.recipientCount} subscriber(s).` });
        refresh();
      },
      onError: failed("The newsletter could not be sent"),
    }),
  );
  const current = letters.data?.find((l) => l.id === editing);
  const dirty = current ? current.subject !== subject.trim() || current.body !== body.trim() : true;
  const tested = current?.testedAt && new Date(current.testedAt) >= new Date(current.updatedAt) && !dirty;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        Write an issue
      </h3>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: editing, subject, body });
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
            Subject
          </label>
          <input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} className={field} maxLength={200} />
        </div>
        <RichTextEditor
          id={`${id}-body`}
          label="Text"
          hint="Headings, bold and italic text, lists, quotes and links, as the email will show them."
          value={body}
          onChange={setBody}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} disabled={current?.sentAt != null}>
            {editing ? "Save changes" : "Save draft"}
          </Button>
          {editing ? (
            <Button
              variant="outline"
              onClick={() => {
                setEditing(undefined);
                setSubject("");
                setBody("");
              }}
            >
              New issue
            </Button>
          ) : null}
        </div>
      </form>
      {current && !current.sentAt ? (
        <div className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-test`} className="block text-sm font-medium text-slate-800">
              Send a test to
            </label>
            <input id={`${id}-test`} type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} className={`${field} w-72`} />
          </div>
          <Button variant="outline" loading={test.isPending} disabled={dirty} onClick={() => test.mutate({ id: current.id, to: testTo })}>
            Send test
          </Button>
          <Button loading={send.isPending} disabled={!tested} onClick={() => send.mutate({ id: current.id })}>
            Send issue to subscribers
          </Button>
          <p className="w-full text-sm text-slate-700" aria-live="polite">
            {dirty ? "Save your changes, then send a test." : tested ? "Tested: ready to send." : "Send a test of this version first."}
          </p>
        </div>
      ) : null}
      {letters.data?.length ? (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Issues written here">
          {letters.data.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium text-slate-900">{l.subject}</span>
              <span className="text-slate-700">
                {l.sentAt ? (
                  <>
                    Sent <LocalShortDateTime date={l.sentAt} /> to {l.recipientCount}
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setEditing(l.id);
                      setSubject(l.subject);
                      setBody(l.body);
                    }}
                  >
                    Edit<span className="sr-only">{` ${l.subject}`}</span>
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
