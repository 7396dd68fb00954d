import Link from "next/link";
import { buttonClasses } from "@coach/ui/button";
import { LocalDateTime } from "../when";
import { LINK, SECTION } from "./portal-section";
import type { Portal } from "./portal-view";

/** The next booked session (or that there is none) and the way to book another. */
export function NextSession({ portal }: { portal: Portal }) {
  const next = portal.nextAppointment;
  return (
    <div className={SECTION}>
      {next ? (
        <>
          <p className="text-sm font-medium uppercase tracking-wide text-slate-600">{next.typeLabel}</p>
          <p className="mt-1 text-lg font-semibold text-slate-900">
            <LocalDateTime date={next.startTime} />
          </p>
          <p className="mt-1 text-sm text-slate-700">
            <Link href="/appointments?tab=mine" className={LINK}>
              Reschedule or cancel in My Appointments
            </Link>
          </p>
        </>
      ) : (
        <p className="text-slate-700">You have no session booked.</p>
      )}
      <Link href={portal.bookUrl} className={buttonClasses({ className: "mt-4" })}>
        Book your next session
      </Link>
    </div>
  );
}
