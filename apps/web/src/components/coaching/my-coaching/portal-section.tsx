/** The card each part of the portal is drawn in. */
export const SECTION = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
export const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** One titled part of the portal, with an optional link beside its heading. */
export function Section({ id, title, children, aside }: { id: string; title: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-brand-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
