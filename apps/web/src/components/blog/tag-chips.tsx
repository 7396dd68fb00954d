import { tagText } from "./format";

export function TagChips({ tags, className = "" }: { tags: Array<{ id: number; tag: string }>; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((t) => (
        <li key={t.id} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium capitalize text-brand-800">
          {tagText(t.tag)}
        </li>
      ))}
    </ul>
  );
}
