"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useId, useState } from "react";
import type { AppRouter } from "@coach/api";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "@coach/db/enums";
import { Button } from "@coach/ui/button";
import { Label, inputClasses } from "@coach/ui/field";
import { toast } from "@coach/ui/toast";
import { BOOKING_TYPE_OPTIONS } from "@coach/validators/booking";
import { RescheduleDialog, type RescheduleTarget } from "~/components/appointments/reschedule-dialog";
import { formatTime } from "~/components/appointments/use-time-zone";
import { errorMessage } from "~/lib/errors";
import { useTRPC } from "~/trpc/react";
import { Pager, QueryState, SearchBox, SectionHeading, useDebounced } from "./console/shared";

type Booking = inferRouterOutputs<AppRouter>["admin"]["appointments"]["list"]["items"][number];
const PAGE_SIZE = 25;
const DAY = 86_400_000;

const typeLabel = (value: string) => BOOKING_TYPE_OPTIONS.find((t) => t.value === value)?.label ?? value;
const inZone = (date: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(date));

/** Monday 00:00 (local) of the week containing `date`. */
function weekStart(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
}

/** The coach's bookings: list with filters and pages (or a week view), answers, attendance, moves, cancellations, CSV. */
export function AppointmentsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [view, setView] = useState<"list" | "week">("list");
  const [when, setWhen] = useState<"upcoming" | "past" | "all">("upcoming");
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

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.appointments.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.appointments.attendanceStats.queryKey() });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "An error occurred"), variant: "destructive" });
  const attendance = useMutation(
    trpc.admin.appointments.attendance.mutationOptions({
      onSuccess: (r) => {
        toast({ title: r.attendance === "attended" ? "Marked as attended" : "Marked as no-show" });
        refresh();
      },
      onError: failed("Failed to record attendance"),
    }),
  );
  const reschedule = useMutation(
    trpc.admin.appointments.reschedule.mutationOptions({
      onSuccess: () => {
        setMoving(null);
        toast({ title: "Appointment rescheduled", description: "The client has been emailed the new time." });
        refresh();
      },
      onError: failed("Could not reschedule"),
    }),
  );
  const cancel = useMutation(
    trpc.admin.appointments.cancel.mutationOptions({
      onSuccess: () => {
        setCanceling(null);
        toast({ title: "Appointment canceled", description: "The client has been emailed." });
        refresh();
      },
      onError: failed("Could not cancel"),
    }),
  );
  const exportCsv = useMutation(
    trpc.admin.appointments.exportCsv.mutationOptions({
      onSuccess: ({ csv, filename }) => {
        const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
        const link = document.createElement("a");
        link.href = url;
        link.download = filename;
        link.click();
        URL.revokeObjectURL(url);
      },
      onError: failed("Export failed"),
    }),
  );

  return (
    <section aria-labelledby="appointments-heading" className="space-y-6">
      <div id="appointments-heading">
        <SectionHeading
          title="Appointments"
          description={`Every booking, with the client's answers. Times in your zone (${coachZone}) and the client's.`}
        />
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">View</legend>
          <div className="mt-1 flex gap-4 text-sm">
            {(["list", "week"] as const).map((v) => (
              <label key={v} className="inline-flex items-center gap-2">
                <input type="radio" name="appointments-view" checked={view === v} onChange={() => setView(v)} />
                {v === "list" ? "List" : "Week"}
              </label>
            ))}
          </div>
        </fieldset>
        {view === "list" ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Show</legend>
            <div className="mt-1 flex gap-4 text-sm">
              {(["upcoming", "past", "all"] as const).map((v) => (
                <label key={v} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name="appointments-when"
                    checked={when === v}
                    onChange={() => {
                      setWhen(v);
                      setPage(1);
                    }}
                  />
                  {v === "upcoming" ? "Upcoming" : v === "past" ? "Past" : "All"}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <StatusFilter
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        {view === "list" ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={conflicts}
              onChange={(e) => {
                setConflicts(e.target.checked);
                setPage(1);
              }}
            />
            Only calendar conflicts
          </label>
        ) : null}
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

function StatusFilter({ value, onChange }: { value: AppointmentStatus | ""; onChange: (v: AppointmentStatus | "") => void }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Status</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as AppointmentStatus | "")}
        className={`${inputClasses} mt-1 w-40 border-slate-300`}
      >
        <option value="">Any</option>
        {APPOINTMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s.charAt(0).toUpperCase() + s.slice(1)}
          </option>
        ))}
      </select>
    </div>
  );
}

function BookingRow({
  booking: b,
  coachZone,
  onAttendance,
  onReschedule,
  onCancel,
  busy,
}: {
  booking: Booking;
  coachZone: string;
  onAttendance: (v: "attended" | "no-show") => void;
  onReschedule: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const started = new Date(b.startTime).getTime() <= Date.now();
  const live = b.status !== "canceled";
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`${b.client.name}, ${inZone(b.startTime, coachZone)}`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-base font-semibold text-slate-900">
            <Link href={`/admin/clients/${b.client.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {b.client.name}
            </Link>{" "}
            <span className="font-normal text-slate-700">&lt;{b.client.email}&gt;</span>
          </p>
          <p className="text-slate-800">
            {typeLabel(b.appointmentType)} · {b.title}
          </p>
          <p className="text-slate-700">
            Your time: {inZone(b.startTime, coachZone)}–{formatTime(b.endTime, coachZone)}
            {b.clientTimeZone && b.clientTimeZone !== coachZone ? (
              <> · Client&apos;s time: {inZone(b.startTime, b.clientTimeZone)}</>
            ) : null}
          </p>
          <p className="text-slate-700">
            Status: <span className="font-medium">{b.status}</span>
            {b.attendance ? (
              <>
                {" "}
                · Attendance: <span className="font-medium">{b.attendance === "attended" ? "Attended" : "No-show"}</span>
              </>
            ) : null}
            {b.rescheduleCount ? <> · Rescheduled {b.rescheduleCount}×</> : null}
          </p>
          {b.syncConflict ? (
            <p role="note" className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-amber-900">
              Calendar conflict: {b.syncConflict}
            </p>
          ) : null}
          {b.answers.length ? (
            <dl className="mt-2 space-y-1 rounded bg-slate-50 p-2">
              {b.answers.map((a) => (
                <div key={a.questionId}>
                  <dt className="font-medium text-slate-800">{a.question}</dt>
                  <dd className="whitespace-pre-line text-slate-700">{a.answer}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {b.description ? <p className="whitespace-pre-line text-slate-700">Notes: {b.description}</p> : null}
        </div>
        {live ? (
          <div className="flex flex-wrap gap-2">
            {started ? (
              <>
                <Button
                  size="sm"
                  variant={b.attendance === "attended" ? "primary" : "outline"}
                  disabled={busy}
                  onClick={() => onAttendance("attended")}
                  aria-label={`Mark ${b.client.name} attended`}
                >
                  Attended
                </Button>
                <Button
                  size="sm"
                  variant={b.attendance === "no-show" ? "primary" : "outline"}
                  disabled={busy}
                  onClick={() => onAttendance("no-show")}
                  aria-label={`Mark ${b.client.name} no-show`}
                >
                  No-show
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" onClick={onReschedule} aria-label={`Reschedule ${b.client.name}'s appointment`}>
                  Reschedule
                </Button>
                <Button size="sm" variant="outline" onClick={onCancel} aria-label={`Cancel ${b.client.name}'s appointment`}>
                  Cancel
                </Button>
              </>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Monday to Sunday of one week, each day's bookings in the coach's zone. */
function WeekView({ week, onWeek, items, coachZone }: { week: Date; onWeek: (d: Date) => void; items: Booking[]; coachZone: string }) {
  const days = Array.from({ length: 7 }, (_, i) => new Date(week.getTime() + i * DAY));
  const key = (d: Date | string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: coachZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(d));
  const localKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return (
    <div>
      <div className="mb-3 flex items-center gap-3">
        <Button size="sm" variant="outline" onClick={() => onWeek(new Date(week.getTime() - 7 * DAY))}>
          Previous week
        </Button>
        <p className="font-medium text-slate-900" aria-live="polite">
          Week of {new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(week)}
        </p>
        <Button size="sm" variant="outline" onClick={() => onWeek(new Date(week.getTime() + 7 * DAY))}>
          Next week
        </Button>
      </div>
      <div className="grid gap-2 md:grid-cols-7">
        {days.map((d) => {
          const today = items
            .filter((b) => key(b.startTime) === localKey(d))
            .sort((a, b) => +new Date(a.startTime) - +new Date(b.startTime));
          return (
            <section
              key={d.toISOString()}
              aria-label={new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" }).format(d)}
              className="min-h-24 rounded border border-slate-200 bg-white p-2"
            >
              <h3 className="text-sm font-semibold text-slate-900">
                {new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric" }).format(d)}
              </h3>
              <ul className="mt-1 space-y-1">
                {today.map((b) => (
                  <li
                    key={b.id}
                    className={`rounded px-1 py-0.5 text-xs ${b.status === "canceled" ? "bg-slate-100 text-slate-600 line-through" : b.syncConflict ? "bg-amber-100 text-amber-900" : "bg-brand-50 text-brand-900"}`}
                  >
                    {formatTime(b.startTime, coachZone)} {b.client.name}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

function CancelWithMessage({
  booking,
  pending,
  onClose,
  onConfirm,
}: {
  booking: Booking | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (message?: string) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState("");
  if (!booking) return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
    >
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Cancel {booking.client.name}&apos;s appointment?
        </h2>
        <p className="mt-1 text-sm text-slate-700">{booking.title}. The client is emailed with your message.</p>
        <Label htmlFor={id} className="mt-4 block">
          Message to the client (optional)
        </Label>
        <textarea
          id={id}
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className={`${inputClasses} mt-1 border-slate-300`}
        />
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Keep Appointment
          </Button>
          <Button variant="destructive" loading={pending} onClick={() => onConfirm(message.trim() || undefined)}>
            Cancel Appointment
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Book on a client's behalf: pick the client, type and slot (the coach is not bound by the policies). */
function BookForClient({ coachZone, onBooked }: { coachZone: string; onBooked: () => void }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [clientId, setClientId] = useState<number | null>(null);
  const [type, setType] = useState<(typeof BOOKING_TYPE_OPTIONS)[number]["value"]>("coaching");
  const [start, setStart] = useState("");
  const [title, setTitle] = useState("");
  const debounced = useDebounced(search);
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({ search: debounced || undefined, page: 1, pageSize: 10 }),
    enabled: open,
  });
  const options = useQuery({ ...trpc.appointments.bookingOptions.queryOptions(), enabled: open });
  const book = useMutation(
    trpc.admin.appointments.bookForClient.mutationOptions({
      onSuccess: () => {
        toast({ title: "Appointment booked", description: "The client has been emailed the confirmation." });
        setOpen(false);
        onBooked();
      },
      onError: (error) => toast({ title: "Could not book", description: errorMessage(error, "An error occurred"), variant: "destructive" }),
    }),
  );
  const ids = { client: useId(), type: useId(), start: useId(), title: useId() };
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Book for a client
      </Button>
    );
  }
  const minutes = options.data?.types.find((t) => t.value === type)?.minutes ?? 60;
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!clientId || !start) return;
        const startTime = new Date(start);
        book.mutate({
          userId: clientId,
          appointmentType: type,
          title: title || typeLabel(type),
          startTime,
          endTime: new Date(startTime.getTime() + minutes * 60_000),
        });
      }}
    >
      <h3 className="font-semibold text-slate-900">Book for a client</h3>
      <SearchBox id={ids.client} label="Find the client" placeholder="Name or email" value={search} onChange={setSearch} />
      <ul className="max-h-40 space-y-1 overflow-y-auto text-sm">
        {(users.data?.items ?? []).map((u) => (
          <li key={u.id}>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="book-for-client" checked={clientId === u.id} onChange={() => setClientId(u.id)} />
              {[u.firstName, u.lastName].filter(Boolean).join(" ") || u.username} &lt;{u.email}&gt;
            </label>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-4">
        <div>
          <Label htmlFor={ids.type}>Type</Label>
          <select
            id={ids.type}
            value={type}
            onChange={(e) => setType(e.target.value as typeof type)}
            className={`${inputClasses} mt-1 border-slate-300`}
          >
            {BOOKING_TYPE_OPTIONS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor={ids.start}>Start (your browser&apos;s time; your zone is {coachZone})</Label>
          <input
            id={ids.start}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className={`${inputClasses} mt-1 border-slate-300`}
          />
        </div>
        <div>
          <Label htmlFor={ids.title}>Topic</Label>
          <input
            id={ids.title}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            className={`${inputClasses} mt-1 border-slate-300`}
          />
        </div>
      </div>
      <div className="flex gap-3">
        <Button type="submit" loading={book.isPending} disabled={!clientId || !start}>
          Book
        </Button>
        <Button variant="outline" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}

/** Attendance rate and no-shows per client (the data the analytics tab can also show). */
function AttendanceFigures() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.appointments.attendanceStats.queryOptions());
  const pct = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
  if (!stats.data || stats.data.clients.length === 0) return null;
  return (
    <section aria-labelledby="attendance-heading">
      <h3 id="attendance-heading" className="text-lg font-semibold text-brand-900">
        Attendance
      </h3>
      <p className="text-sm text-slate-700">
        Overall {pct(stats.data.overall.rate)} attended ({stats.data.overall.attended} of {stats.data.overall.recorded}),{" "}
        {stats.data.overall.noShows} no-shows.
      </p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-3">
              Client
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Attended
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              No-shows
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.data.clients.map((c) => (
            <tr key={c.client.id} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                <Link href={`/admin/clients/${c.client.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {c.client.name}
                </Link>
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{c.attended}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{c.noShows}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{pct(c.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
