export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-12">
      <svg aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700 motion-reduce:animate-none" viewBox="0 0 24 24" fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
        <path d="M4 12a8 8 0 0 1 8-8" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </div>
  );
}
