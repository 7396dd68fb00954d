import { tagText } from "./format";

export function TagChips({
  tags,
  className = "",
  onTinted = false,
}: {
  tags: Array<{ id: number; tag: string }>;
  className?: string;
  onTinted?: boolean;
}) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((t) => (
        <li
          key={t.id}
          className={`rounded-full px-3 py-1 text-xs font-medium capitalize text-brand-800 ${onTinted ? "bg-white ring-1 ring-brand-100" : "bg-brand-50"}`}
        >
          {tagText(t.tag)}
        </li>
      ))}
    </ul>
  );
}
