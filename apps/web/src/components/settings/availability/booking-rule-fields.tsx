import type { AvailabilitySettings } from "@coach/scheduling";
import type { EditSettings } from "./edit-settings";
import { NumberField } from "./number-field";

/** Appointment lengths, the booking rules (buffer, notice, horizon, slot spacing) and the policies that bind clients. */
export function BookingRuleFields({ value, onChange }: { value: AvailabilitySettings; onChange: EditSettings }) {
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-base font-semibold text-slate-900">Appointment lengths</legend>
        <NumberField
          label="Initial Consultation"
          unit="minutes"
          min={5}
          max={480}
          value={value.durations.consultation}
          onChange={(n) => onChange((v) => ({ ...v, durations: { ...v.durations, consultation: n } }))}
        />
        <NumberField
          label="Coaching Session"
          unit="minutes"
          min={5}
          max={480}
          value={value.durations.coaching}
          onChange={(n) => onChange((v) => ({ ...v, durations: { ...v.durations, coaching: n } }))}
        />
        <NumberField
          label="Follow-up Session"
          unit="minutes"
          min={5}
          max={480}
          value={value.durations.followup}
          onChange={(n) => onChange((v) => ({ ...v, durations: { ...v.durations, followup: n } }))}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">Booking rules</legend>
        <NumberField
          label="Buffer between appointments"
          unit="minutes"
          min={0}
          max={240}
          value={value.bufferMinutes}
          onChange={(n) => onChange((v) => ({ ...v, bufferMinutes: n }))}
        />
        <NumberField
          label="Minimum notice"
          unit="hours"
          min={0}
          max={720}
          value={value.minimumNoticeHours}
          onChange={(n) => onChange((v) => ({ ...v, minimumNoticeHours: n }))}
        />
        <NumberField
          label="Booking horizon"
          unit="days ahead"
          min={1}
          max={365}
          value={value.maxDaysAhead}
          onChange={(n) => onChange((v) => ({ ...v, maxDaysAhead: n }))}
        />
        <NumberField
          label="Slot spacing"
          unit="minutes"
          min={5}
          max={240}
          value={value.slotStepMinutes}
          onChange={(n) => onChange((v) => ({ ...v, slotStepMinutes: n }))}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">Client policies</legend>
        <p className="text-sm text-slate-700 sm:col-span-2">
          These bind clients only; you can always cancel, move or book any appointment from the admin console.
        </p>
        <NumberField
          label="Cancel or reschedule up to"
          unit="hours before the start"
          min={0}
          max={720}
          value={value.policy.changeCutoffHours}
          onChange={(n) => onChange((v) => ({ ...v, policy: { ...v.policy, changeCutoffHours: n } }))}
        />
        <NumberField
          label="Reschedules per booking"
          unit="at most"
          min={0}
          max={20}
          value={value.policy.maxReschedules}
          onChange={(n) => onChange((v) => ({ ...v, policy: { ...v.policy, maxReschedules: n } }))}
        />
        <NumberField
          label="Upcoming bookings per client"
          unit="at most"
          min={1}
          max={100}
          value={value.policy.maxFutureBookings}
          onChange={(n) => onChange((v) => ({ ...v, policy: { ...v.policy, maxFutureBookings: n } }))}
        />
        <label className="flex items-center gap-2 self-end text-sm text-slate-900">
          <input
            type="checkbox"
            checked={value.policy.reasonRequired}
            onChange={(e) => onChange((v) => ({ ...v, policy: { ...v.policy, reasonRequired: e.target.checked } }))}
          />
          Clients must give a reason to cancel or reschedule
        </label>
      </fieldset>
    </>
  );
}
