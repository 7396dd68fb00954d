"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { APPOINTMENT_TYPES, CURRENCIES, OFFER_KINDS, type OfferKind } from "@coach/db/enums";
import { Button } from "@coach/ui/button";
import { Label, TextField, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";

const SELECT = `${inputClasses} border-slate-300`;
/** Every offer currency has cents (CURRENCIES), so an amount is cents / 100. */
const formatMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
const cents = (value: FormDataEntryValue | null) => Math.round(Number(String(value ?? "").trim()) * 100);

/** The offers editor: what the coach sells, priced on the server (amounts typed in units, stored in cents). */
export function OffersEditor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { kind: useId(), type: useId(), currency: useId() };
  const offers = useQuery(trpc.admin.offers.list.queryOptions());
  const [kind, setKind] = useState<OfferKind>("package");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.offers.list.queryKey() });
  const create = useMutation(trpc.admin.offers.create.mutationOptions());
  const update = useMutation(trpc.admin.offers.update.mutationOptions({ onSuccess: refresh }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currency = String(form.get("currency")) as (typeof CURRENCIES)[number];
    const num = (name: string) => Number(String(form.get(name) ?? ""));
    try {
      await create.mutateAsync({
        kind,
        title: String(form.get("title") ?? ""),
        price: { amount: cents(form.get("price")), currency },
        ...(kind === "retreat"
          ? {
              deposit: { amount: cents(form.get("deposit")), currency },
              places: num("places"),
              balanceDueDays: num("balanceDueDays"),
              startsAt: new Date(String(form.get("startsAt"))),
              refundSchedule: [
                { daysBefore: 60, percent: 100 },
                { daysBefore: 30, percent: 50 },
              ],
            }
          : {
              appointmentType: String(form.get("appointmentType")) as (typeof APPOINTMENT_TYPES)[number],
              sessions: kind === "package" ? num("sessions") : 1,
              validDays: kind === "package" ? num("validDays") : null,
            }),
      });
      toast({ title: "Offer created" });
      event.currentTarget?.reset();
      refresh();
    } catch (error) {
      toast({ title: "Could not create the offer", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  };

  return (
    <section aria-labelledby="offers-heading" className="space-y-4">
      <h3 id="offers-heading" className="text-lg font-semibold text-brand-900">
        Offers
      </h3>
      <ul className="space-y-2">
        {(offers.data ?? []).map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <span>
              {o.title} · {o.kind} · {formatMoney(o.price.amount, o.price.currency)} {o.active ? "" : "(inactive)"}
            </span>
            <Button size="sm" variant="outline" onClick={() => update.mutate({ id: o.id, active: !o.active })}>
              {o.active ? `Deactivate ${o.title}` : `Activate ${o.title}`}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" aria-label="New offer">
        <div className="space-y-1.5">
          <Label htmlFor={ids.kind}>Kind</Label>
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as OfferKind)} className={SELECT}>
            {OFFER_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <TextField name="title" label="Title" required minLength={3} />
        <TextField name="price" label="Price" type="number" min="0.01" step="0.01" required />
        <div className="space-y-1.5">
          <Label htmlFor={ids.currency}>Currency</Label>
          <select id={ids.currency} name="currency" className={SELECT}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        {kind === "retreat" ? (
          <>
            <TextField name="deposit" label="Deposit" type="number" min="0.01" step="0.01" required />
            <TextField name="places" label="Places" type="number" min={1} defaultValue={12} required />
            <TextField name="balanceDueDays" label="Balance due (days before the start)" type="number" min={0} defaultValue={45} required />
            <TextField
              name="startsAt"
              label="Starts"
              type="datetime-local"
              required
              hint="Refunds: 100% until 60 days before, 50% until 30."
            />
          </>
        ) : (
          <>
            <div className="space-y-1.5">
              <Label htmlFor={ids.type}>Session type</Label>
              <select id={ids.type} name="appointmentType" className={SELECT}>
                {APPOINTMENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            {kind === "package" ? (
              <>
                <TextField name="sessions" label="Sessions" type="number" min={1} defaultValue={6} required />
                <TextField name="validDays" label="Valid for (days)" type="number" min={1} defaultValue={120} required />
              </>
            ) : null}
          </>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" loading={create.isPending}>
            Create offer
          </Button>
        </div>
      </form>
    </section>
  );
}
