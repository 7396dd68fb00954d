"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@coach/ui/button";
import { TextField } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { QueryState } from "~/components/admin/console/shared";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { IssueInvoice } from "./issue-invoice";
import { CARD } from "./record-section";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The client's company billing details (issue 31): what invoices copy when issued, and the invoices themselves. */
export function RecordBilling({ userId, editable }: { userId: number; editable: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.admin.billing.get.queryOptions({ id: userId }));
  const invoices = useQuery(trpc.admin.invoices.list.queryOptions({ clientId: userId }));
  const [editing, setEditing] = useState(false);
  const save = useMutation(trpc.admin.billing.put.mutationOptions());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.billing.get.queryKey({ id: userId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.invoices.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.clients.list.queryKey() });
  };
  if (profile.isPending || profile.error)
    return (
      <QueryState
        isPending={profile.isPending}
        error={profile.error}
        onRetry={() => void profile.refetch()}
        loadingText="Loading billing details..."
        fallback="Failed to load billing details"
      />
    );
  const p = profile.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await save.mutateAsync({
        id: userId,
        companyName: text(form, "companyName"),
        address: {
          line1: text(form, "line1"),
          postalCode: text(form, "postalCode"),
          city: text(form, "city"),
          country: text(form, "country"),
        },
        taxId: text(form, "taxId") || null,
        poNumber: text(form, "poNumber") || null,
        billingEmail: text(form, "billingEmail"),
        paymentTermsDays: Number(text(form, "paymentTermsDays") || "30"),
      });
      toast({ title: "Billing details saved" });
      setEditing(false);
      refresh();
    } catch (error) {
      toast({ title: "Could not save the billing details", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  };

  return (
    <div className="space-y-4">
      {p && !editing ? (
        <div className={CARD}>
          <p className="font-medium text-slate-900">{p.companyName}</p>
          <p className="text-sm text-slate-700">
            {[p.address.line1, `${p.address.postalCode} ${p.address.city}`, p.address.country].join(", ")}
          </p>
          <p className="text-sm text-slate-700">
            {p.taxId ? `Tax ID ${p.taxId}` : "No tax ID"} · {p.poNumber ? `PO ${p.poNumber}` : "No PO number"} · Net {p.paymentTermsDays}{" "}
            days
          </p>
          <p className="text-sm text-slate-700">Invoices go to {p.billingEmail}</p>
        </div>
      ) : null}
      {!p && !editing ? <p className="text-slate-700">No billing details yet.</p> : null}
      {editable && !editing ? (
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {p ? "Edit billing details" : "Add billing details"}
        </Button>
      ) : null}
      {editing ? (
        <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" aria-label="Billing details">
          <TextField
            name="companyName"
            label="Company legal name"
            defaultValue={p?.companyName}
            required
            containerClassName="sm:col-span-2"
          />
          <TextField name="line1" label="Street address" defaultValue={p?.address.line1} required containerClassName="sm:col-span-2" />
          <TextField name="postalCode" label="Postal code" defaultValue={p?.address.postalCode} required />
          <TextField name="city" label="City" defaultValue={p?.address.city} required />
          <TextField name="country" label="Country (two letters)" defaultValue={p?.address.country} required maxLength={2} />
          <TextField name="taxId" label="VAT or tax ID" defaultValue={p?.taxId ?? ""} hint="For example DE123456789" />
          <TextField name="poNumber" label="PO number" defaultValue={p?.poNumber ?? ""} />
          <TextField name="billingEmail" type="email" label="Billing email" defaultValue={p?.billingEmail} required />
          <TextField
            name="paymentTermsDays"
            type="number"
            min={0}
            max={365}
            label="Payment terms (days)"
            defaultValue={p?.paymentTermsDays ?? 30}
          />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" size="sm" loading={save.isPending}>
              Save billing details
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {p && editable ? <IssueInvoice userId={userId} defaultPo={p.poNumber} onIssued={refresh} /> : null}
      {invoices.data && invoices.data.length > 0 ? (
        <ul className="space-y-2" aria-label="Invoices">
          {invoices.data.map((i) => (
            <li key={i.id} className={CARD}>
              <span className="font-medium">{i.number ?? `Draft #${i.id}`}</span> · {i.amountText}
              {i.poNumber ? ` · PO ${i.poNumber}` : ""} · <span data-testid={`invoice-status-${i.id}`}>{i.status}</span>
              {i.hostedInvoiceUrl ? (
                <>
                  {" · "}
                  <a href={i.hostedInvoiceUrl} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                    Stripe&apos;s page
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
