"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@coach/ui/button";
import { toast } from "@coach/ui/toast";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { QueryState, SectionHeading } from "../console/shared";
import { OffersEditor } from "./offers-editor";
import { RetreatApplications } from "./retreat-applications";
import { RetryRefund } from "./retry-refund";
import { saveCsv } from "~/lib/save-file";

const TABLE = "min-w-full divide-y divide-slate-200 text-sm";
const CELL = "px-3 py-2 text-left align-top";
const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : "—");

function Table({ caption, head, rows, empty }: { caption: string; head: string[]; rows: React.ReactNode[][]; empty: string }) {
  return (
    <div className="overflow-x-auto">
      <table className={TABLE}>
        <caption className="mb-2 text-left text-lg font-semibold text-brand-900">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={`${CELL} font-medium text-slate-800`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={`${CELL} text-slate-700`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((cells, i) => (
              <tr key={i}>
                {cells.map((c, j) => (
                  <td key={j} className={CELL}>
                    {c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The Payments tab (issue 31): money in and out, invoices, credits per client, revenue per month, the retreat and the offers. */
export function PaymentsTab() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.payments.overview.queryOptions());
  const exportCsv = useMutation(
    trpc.admin.payments.exportCsv.mutationOptions({
      onSuccess: ({ csv, filename }) => saveCsv(csv, filename),
      onError: (error) => toast({ title: "Export failed", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const data = overview.data;
  return (
    <section aria-labelledby="payments-heading" className="space-y-10">
      <div id="payments-heading" className="flex flex-wrap items-start justify-between gap-4">
        <SectionHeading
          title="Payments"
          description="Checkout payments, refunds, company invoices and credits. Amounts come from the offers, never from a browser."
        />
        <Button variant="outline" onClick={() => exportCsv.mutate(undefined)} loading={exportCsv.isPending}>
          Export payments (CSV)
        </Button>
      </div>
      <QueryState
        isPending={overview.isPending}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        loadingText="Loading payments..."
        fallback="Failed to load payments"
      />
      {data ? (
        <>
          <Table
            caption="Revenue per month"
            head={["Month", "Received"]}
            rows={data.revenue.map((r) => [r.month, r.amountText])}
            empty="Nothing received yet."
          />
          <Table
            caption="Payments"
            head={["Client", "Offer", "Status", "Amount", "Refunded", "Paid"]}
            rows={data.payments.map((p) => [p.client, p.offer, p.statusText, p.amountText, p.refundedText ?? "—", day(p.paidAt)])}
            empty="No payments yet."
          />
          <Table
            caption="Refunds"
            head={["Payment", "Amount", "By the schedule", "Reason", "Status", "Date", "Action"]}
            rows={data.refunds.map((r) => [
              `#${r.paymentId}`,
              r.amountText,
              r.percent === null ? "—" : `${r.percent}%`,
              r.reason,
              r.status,
              day(r.createdAt),
              r.retryable ? <RetryRefund id={r.id} paymentId={r.paymentId} /> : "—",
            ])}
            empty="No refunds."
          />
          <Table
            caption="Invoices"
            head={["Number", "Company", "PO number", "Amount", "Status", "Due"]}
            rows={data.invoices.map((i) => [
              i.number ?? `Draft #${i.id}`,
              i.companyName,
              i.poNumber ?? "—",
              i.amountText,
              i.status,
              day(i.dueDate),
            ])}
            empty="No invoices yet."
          />
          <Table
            caption="Credits per client"
            head={["Client", "Session type", "Remaining", "Used"]}
            rows={data.credits.map((c) => [c.client, c.appointmentType, String(c.remaining), String(c.used)])}
            empty="No credits granted."
          />
        </>
      ) : null}
      <RetreatApplications />
      <OffersEditor />
    </section>
  );
}
