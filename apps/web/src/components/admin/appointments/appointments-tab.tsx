"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AppointmentStatus } from "@coach/db/enums";
import { Button } from "@coach/ui/button";
import { RescheduleDialog, type RescheduleTarget } from "~/components/appointments/reschedule-dialog";
import { useTRPC } from "~/trpc/react";
import { Pager, QueryState, SearchBox, SectionHeading, useDebounced } from "../console/shared";
import { AppointmentFilters, type AppointmentsView, type AppointmentsWhen } from "./appointment-filters";
import { AttendanceFigures } from "./attendance-figures";
import { BookForClient } from "./book-for-client";
import { DAY, type Booking } from "./booking";
import { BookingRow } from "./booking-row";
import { CancelWithMessage } from "./cancel-dialog";
import { useBookingActions } from "./use-booking-actions";
import { WeekView, weekStart } from "./week-view";

const PAGE_SIZE = 25;

/** The coach's bookings: list with filters and pages (or a week view), answers, attendance, moves, cancellations, CSV. */
export function AppointmentsTab() {
  const trpc = useTRPC();
  const [view, setView] = useState<AppointmentsView>("list");
  const [when, setWhen] = useState<AppointmentsWhen>("upcoming");
  const [status, setStatus] = useState<AppointmentStatus | "">("");
  const [search, setSearch] = useState("");
  const [conflicts, setConflicts] = useState(false);
  const [page, setPage] = useState(1);
  const [week, setWeek] = useState(() => weekStart(new Date()));
  const [moving, setMoving] = useState<RescheduleTarget | null>(null);
  const [canceling, setCanceling] = useState<Booking | null>(null);
  const debounced = useDebounced(search);

  const filters = { when: when === "all" ? undefined : when, status: status || undefined, search: debounced || undefined, conflicts };
  const input =
    view === "list"
      ? { ...filters, page, pageSize: PAGE_SIZE }
      : {
          status: status || undefined,
          search: debounced || undefined,
          from: week.toISOString(),
          to: new Date(week.getTime() + 7 * DAY).toISOString(),
          page: 1,
          pageSize: 200,
        };
  const list = useQuery({ ...trpc.admin.appointments.list.queryOptions(input), placeholderData: keepPreviousData });
  const coachZone = list.data?.coachTimeZone ?? "UTC";
  const { attendance, reschedule, cancel, exportCsv, refresh } = useBookingActions({
    onMoved: () => setMoving(null),
    onCanceled: () => setCanceling(null),
  });

  return (
    <section aria-labelledby="appointments-heading" className="space-y-6">
      <div id="appointments-heading">
        <SectionHeading
          title="Appointments"
          description={`Every booking, with the client's answers. Times in your zone (${coachZone}) and the client's.`}
        />
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <AppointmentFilters
          view={view}
          onView={setView}
          when={when}
          onWhen={(v) => {
            setWhen(v);
            setPage(1);
          }}
          status={status}
          onStatus={(v) => {
            setStatus(v);
            setPage(1);
          }}
          conflicts={conflicts}
          onConflicts={(v) => {
            setConflicts(v);
            setPage(1);
          }}
        />
        <Button variant="outline" size="sm" onClick={() => exportCsv.mutate(filters)} loading={exportCsv.isPending}>
          Export CSV
        </Button>
      </div>
      <SearchBox
        id="appointments-search"
        label="Search bookings"
        placeholder="Client name, email or title"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />

      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        loadingText="Loading appointments..."
        fallback="Failed to load appointments"
      />
      {list.data ? (
        view === "week" ? (
          <WeekView week={week} onWeek={setWeek} items={list.data.items} coachZone={coachZone} />
        ) : list.data.items.length === 0 ? (
          <p className="py-8 text-center text-slate-700">No appointments match these filters.</p>
        ) : (
          <>
            <ul className="space-y-3">
              {list.data.items.map((b) => (
                <BookingRow
                  key={b.id}
                  booking={b}
                  coachZone={coachZone}
                  onAttendance={(value) => attendance.mutate({ id: b.id, attendance: value })}
                  onReschedule={() => setMoving(b)}
                  onCancel={() => setCanceling(b)}
                  busy={attendance.isPending}
                />
              ))}
            </ul>
            <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} label="Appointment pages" />
          </>
        )
      ) : null}

      <BookForClient coachZone={coachZone} onBooked={refresh} />
      <AttendanceFigures />

      <RescheduleDialog
        target={moving}
        timeZone={coachZone}
        pending={reschedule.isPending}
        reasonLabel="Message to the client (optional)"
        onClose={() => setMoving(null)}
        onSubmit={(value) => reschedule.mutate(value)}
      />
      <CancelWithMessage
        booking={canceling}
        pending={cancel.isPending}
        onClose={() => setCanceling(null)}
        onConfirm={(message) => canceling && cancel.mutate({ id: canceling.id, message })}
      />
    </section>
  );
}
