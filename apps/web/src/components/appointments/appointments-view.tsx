"use client";

import type { AppointmentType } from "@coach/db/enums";
import { Tabs } from "@coach/ui/tabs";
import { BookAppointment } from "./book-appointment";
import { MyAppointments } from "./my-appointments";

/**
 * `initialType` comes from `/appointments?type=…` (the "Book your next session" link); `?tab=mine`
 * opens My Appointments (the link from My Coaching).
 */
export function AppointmentsView({ initialType, initialTab }: { initialType?: AppointmentType; initialTab?: "book" | "mine" }) {
  return (
    <Tabs
      label="Appointments"
      defaultKey={initialTab}
      tabs={[
        { key: "book", label: "Book Appointment", content: <BookAppointment initialType={initialType} /> },
        { key: "mine", label: "My Appointments", content: <MyAppointments /> },
      ]}
    />
  );
}
