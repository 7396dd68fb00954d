"use client";

import { Tabs } from "@coach/ui/tabs";
import { BookAppointment } from "./book-appointment";
import { MyAppointments } from "./my-appointments";

export function AppointmentsView() {
  return (
    <Tabs
      label="Appointments"
      tabs={[
        { key: "book", label: "Book Appointment", content: <BookAppointment /> },
        { key: "mine", label: "My Appointments", content: <MyAppointments /> },
      ]}
    />
  );
}
