import Link from "next/link";
import { LocalDay } from "../when";
import type { ClientRecordView } from "./record-view";

const KIND_LABEL: Record<ClientRecordView["timeline"][number]["kind"], string> = {
  result: "Result",
  appointment: "Session",
  note: "Note",
  goal: "Goal",
  action_item: "Action item",
};

/** The engagement's events, each linking to its place in the record where it has one. */
export function Timeline({ timeline }: { timeline: ClientRecordView["timeline"] }) {
  if (timeline.length === 0) return <p className="text-slate-700">Nothing yet.</p>;
  return (
    <ol className="relative space-y-3 border-l border-slate-200 pl-4">
      {timeline.map((entry, index) => (
        <li key={index} className="text-sm">
          <p className="text-slate-600">
            <LocalDay date={entry.at} /> · {KIND_LABEL[entry.kind]}
          </p>
          <p className="break-words text-slate-900">
            {entry.href ? (
              <Link href={entry.href} className="text-brand-700 underline-offset-2 hover:underline">
                {entry.title}
              </Link>
            ) : (
              entry.title
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}
