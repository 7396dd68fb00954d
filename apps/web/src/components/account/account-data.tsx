"use client";

import { Description } from "@headlessui/react";
import { Modal } from "@coach/ui/modal";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@coach/ui/button";
import { FieldError, TextField } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { announceSession } from "~/components/header-session-store";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { saveFile } from "~/lib/save-file";

const SECTION = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

const saveJson = (data: unknown, filename: string) => saveFile(JSON.stringify(data, null, 2), filename, "application/json");

/** 'Download my data': everything stored about the account, as one JSON file. */
export function DownloadMyData() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="download-heading" className={SECTION}>
      <h2 id="download-heading" className="text-xl font-semibold text-brand-900">
        Download my data
      </h2>
      <p className="mt-2 text-slate-700">
        One JSON file with everything your account holds: the account itself, every assessment result with your answers, your appointments
        with what you told us when booking, the session notes your coach shared with you, and your goals and action items. Messages sent
        through the contact form and newsletter subscriptions are filed under an e-mail address, not an account; write to us from that
        address for a copy.
      </p>
      <Button
        className="mt-4"
        variant="outline"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            // Always fresh: the file must hold what is stored now.
            const data = await queryClient.fetchQuery({ ...trpc.account.export.queryOptions(), staleTime: 0 });
            saveJson(data, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
          } catch (error) {
            toast({ title: "Download failed", description: errorMessage(error, "Please try again."), variant: "destructive" });
          } finally {
            setBusy(false);
          }
        }}
      >
        Download my data
      </Button>
    </section>
  );
}

/**
 * 'Delete my account', confirmed in a dialog by typing DELETE and the password. Afterwards the
 * visitor is signed out everywhere in this browser and lands on the home page with a notice.
 */
export function DeleteMyAccount() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState("");
  const [password, setPassword] = useState("");
  const errorId = useId();
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: async () => {
        // The server has ended the session with the account; this clears the cookie too.
        await logout.mutateAsync(undefined).catch(() => undefined);
        queryClient.clear();
        announceSession(null);
        setOpen(false);
        router.push("/");
        router.refresh();
        toast({ title: "Your account has been deleted", description: "We've emailed you a confirmation." });
      },
    }),
  );
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setConfirm("");
    setPassword("");
    remove.reset();
  };
  const ready = confirm === "DELETE" && password.length > 0;

  return (
    <section aria-labelledby="delete-heading" className={SECTION}>
      <h2 id="delete-heading" className="text-xl font-semibold text-brand-900">
        Delete my account
      </h2>
      <p className="mt-2 text-slate-700">
        Your name, e-mail address and sign-in are erased; your session notes (your coach&apos;s private notes about you too), goals, action
        items and the emails about your account are deleted, and upcoming sessions are canceled. Contact messages and a newsletter
        subscription are not part of the account: unsubscribe from any issue, and write to us to have messages deleted sooner than the two
        years we keep them. Your past results and sessions stay only as anonymous figures in the practice&apos;s statistics, with nothing
        that leads back to you. This cannot be undone, so download your data first if you want a copy.
      </p>
      <Button className="mt-4" variant="destructive" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal open={open} onClose={close} title="Delete your account?">
        <Description className="mt-2 text-sm text-slate-700">
          Your account and personal data are removed for good and you are signed out. Type DELETE and your password to confirm.
        </Description>
        <form
          className="mt-5 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) remove.mutate({ confirm: "DELETE", password });
          }}
        >
          <TextField
            label="Type DELETE to confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={remove.isError ? errorId : undefined}
          />
          <FieldError id={errorId} message={remove.isError ? errorMessage(remove.error, "Your account could not be deleted.") : null} />
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button variant="outline" onClick={close} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" loading={remove.isPending} disabled={!ready}>
              Delete my account
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
