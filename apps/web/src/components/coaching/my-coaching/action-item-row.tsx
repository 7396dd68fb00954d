"use client";

import { clsx } from "clsx";
import { useState } from "react";
import { Day, LocalDay } from "../when";
import type { PortalActionItem } from "./portal-view";

/** One action item with a checkbox; ticking it saves at once (and says so if it could not). */
export function ActionItemRow({
  item,
  pending,
  onToggle,
}: {
  item: PortalActionItem;
  pending: boolean;
  onToggle: (done: boolean) => void;
}) {
  const id = `action-item-${item.id}`;
  // The tick shows in the same frame as the click; the query's optimistic update arrives a task later
  // (react-query notifies on a timer), and a controlled checkbox would snap back meanwhile.
  const [checked, setChecked] = useState(item.done);
  const [shown, setShown] = useState(item.done);
  if (shown !== item.done) {
    setShown(item.done);
    setChecked(item.done);
  }
  return (
    <li className="flex gap-3 py-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={pending}
        onChange={(e) => {
          setChecked(e.target.checked);
          onToggle(e.target.checked);
        }}
        className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
      />
      <div className="min-w-0">
        <label htmlFor={id} className={clsx("block break-words", item.done ? "text-slate-600 line-through" : "text-slate-900")}>
          {item.text}
        </label>
        <p className="mt-0.5 text-sm text-slate-700">
          {item.dueDate ? (
            <span className={item.overdue && !item.done ? "font-semibold text-red-800" : undefined}>
              {item.overdue && !item.done ? "Overdue — was due " : "Due "}
              <Day date={item.dueDate} />
            </span>
          ) : (
            "No due date"
          )}
          {item.goalTitle ? <span> · Goal: {item.goalTitle}</span> : null}
          {item.done && item.doneAt ? (
            <span>
              {" "}
              · Done <LocalDay date={item.doneAt} />
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
