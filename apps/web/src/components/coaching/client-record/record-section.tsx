/** The card every entry of the record is drawn in. */
export const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";

/** One titled part of the record (goals, action items, sessions, results, timeline). */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-xl font-semibold text-brand-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
