import { clsx } from "clsx";
import { Day, LocalDay } from "../when";
import { ActionItemForm } from "./action-item-form";
import { CARD } from "./record-section";
import type { ClientRecordView } from "./record-view";

/** The client's action items (overdue ones marked) and, on a live account, the form for a new one. */
export function RecordActionItems({
  userId,
  record,
  editable,
  onCreated,
}: {
  userId: number;
  record: Pick<ClientRecordView, "actionItems" | "goals" | "appointments">;
  editable: boolean;
  onCreated: () => void;
}) {
  const { actionItems, goals, appointments } = record;
  return (
    <>
      {actionItems.length === 0 ? <p className="text-slate-700">No action items yet.</p> : null}
      {actionItems.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {actionItems.map((item) => (
            <li key={item.id} id={`action-item-${item.id}`} className="scroll-mt-24 px-4 py-3">
              <p className={clsx("break-words", item.done ? "text-slate-600 line-through" : "text-slate-900")}>
                {item.done ? <span className="sr-only">Done: </span> : null}
                {item.text}
              </p>
              <p className="mt-0.5 text-sm text-slate-700">
                {item.overdue && !item.done ? (
                  <span className="mr-1 inline-block rounded border border-red-700 px-1.5 text-xs font-semibold text-red-800">Overdue</span>
                ) : null}
                {item.dueDate ? (
                  <>
                    Due <Day date={item.dueDate} />
                  </>
                ) : (
                  "No due date"
                )}
                {item.goalTitle ? <> · Goal: {item.goalTitle}</> : null}
                {item.done && item.doneAt ? (
                  <>
                    {" "}
                    · Done <LocalDay date={item.doneAt} />
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <details className={clsx(CARD, "mt-4")}>
          <summary className="cursor-pointer font-medium text-brand-700">New action item</summary>
          <div className="mt-4">
            <ActionItemForm userId={userId} goals={goals} appointments={appointments} onCreated={onCreated} />
          </div>
        </details>
      ) : null}
    </>
  );
}
