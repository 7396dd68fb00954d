import type { ReactNode } from "react";

export interface DataTableColumn {
  label: string;
  /** Read by screen readers only (e.g. an actions column). */
  srOnly?: boolean;
  align?: "left" | "right";
}

/** The console's tables: a scrollable bordered frame, a caption for screen readers and column headers. */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: Array<DataTableColumn | string>;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
          <tr>
            {columns.map((column) => {
              const { label, srOnly, align } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={align === "right" ? "px-3 py-2 text-right" : "px-3 py-2"}>
                  {srOnly ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}
