"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@coach/ui/button";
import { Label, TextField, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

/** Issues a Stripe invoice for one offer (its price is the server's), with a PO number and when credits are granted. */
export function IssueInvoice({ userId, defaultPo, onIssued }: { userId: number; defaultPo: string | null; onIssued: () => void }) {
  const trpc = useTRPC();
  const ids = { offer: useId(), credits: useId() };
  const offers = useQuery(trpc.admin.offers.list.queryOptions());
  const issue = useMutation(trpc.admin.invoices.create.mutationOptions());
  const [open, setOpen] = useState(false);
  const choices = (offers.data ?? []).filter((o) => o.active && o.kind !== "retreat");
  if (!open)
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        Issue an invoice
      </Button>
    );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      const invoice = await issue.mutateAsync({
        clientId: userId,
        offerId: Number(form.get("offerId")),
        poNumber: String(form.get("poNumber") ?? "").trim() || null,
        creditsOn: form.get("creditsOn") === "issue" ? "issue" : "paid",
      });
      toast({ title: "Invoice sent", description: `Stripe invoice ${invoice.stripeInvoiceId ?? ""} is ${invoice.status}.` });
      setOpen(false);
      onIssued();
    } catch (error) {
      toast({ title: "Could not issue the invoice", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Issue an invoice">
      <div className="space-y-1.5">
        <Label htmlFor={ids.offer}>Offer</Label>
        <select id={ids.offer} name="offerId" required className={`${inputClasses} border-slate-300`}>
          {choices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
        {choices.length === 0 ? <p className="text-sm text-slate-700">No active session or package offer to invoice.</p> : null}
      </div>
      <TextField name="poNumber" label="PO number" defaultValue={defaultPo ?? ""} />
      <div className="space-y-1.5">
        <Label htmlFor={ids.credits}>Grant the credits</Label>
        <select id={ids.credits} name="creditsOn" defaultValue="paid" className={`${inputClasses} border-slate-300`}>
          <option value="paid">When the invoice is paid</option>
          <option value="issue">Now, when it is issued</option>
        </select>
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={issue.isPending} disabled={choices.length === 0}>
          Send the invoice
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
