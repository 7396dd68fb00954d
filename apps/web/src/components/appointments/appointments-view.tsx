"use client";

import type { AppointmentType } from "@coach/db/enums";
import { Tabs } from "@coach/ui/tabs";
import { BookAppointment } from "./book-appointment";
import { MyAppointments } from "./my-appointments";

/** `initialType` comes from `/appointments?type=…` (the "Book your next session" link). */
export function AppointmentsView({ initialType }: { initialType?: AppointmentType }) {
  return (
    <Tabs
      label="Appointments"
      tabs={[
        { key: "book", label: "Book Appointment", content: <BookAppointment initialType={initialType} /> },
        { key: "mine", label: "My Appointments", content: <MyAppointments /> },
      ]}
    />
  );
}
