import type { UseFormRegisterReturn } from "react-hook-form";

/** A field people never see (off-screen, out of the tab order); bots that fill it are ignored by the server. */
export function Honeypot({ registration }: { registration: UseFormRegisterReturn<"website"> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
