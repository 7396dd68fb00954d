/**
 * The calendar side of a booking's emails: the invitation (ICS) under one UID per appointment, and the
 * details every email shares (where, when, the intake answers). Each side gets its own copy of the
 * invitation: the stored title is written for the coach, and the client's copy never names her to herself.
 */
import { appUrl } from "@coach/config";
import { attachment, PRACTICE_NAME } from "@coach/email";
import { buildIcs, clientTitle, formatInZone, type AvailabilitySettings } from "@coach/scheduling";

export function icsUid(appointmentId: number): string {
  let host = "localhost";
  try {
    host = new URL(appUrl()).hostname;
  } catch {
    // keep localhost
  }
  return `appointment-${appointmentId}@${host}`;
}

export interface MailAppointment {
  id: number;
  title: string;
  description: string | null;
  startTime: Date;
  endTime: Date;
  /** The invitation's SEQUENCE for this message (0 when booked, higher on every change). */
  icsSequence?: number;
  answers?: ReadonlyArray<{ question: string; answer: string }>;
  /** picks the meeting place from the settings' per-type locations */
  appointmentType?: string;
}
export interface MailClient {
  email: string;
  name: string;
}

export function inviteFor(
  kind: "REQUEST" | "CANCEL",
  appt: MailAppointment,
  client: MailClient,
  coach: { name: string; email: string },
  settings: AvailabilitySettings,
  clientTimeZone?: string,
  meetLink?: string | null,
) {
  const ics = buildIcs({
    uid: icsUid(appt.id),
    method: kind,
    sequence: appt.icsSequence ?? (kind === "REQUEST" ? 0 : 1),
    start: appt.startTime,
    end: appt.endTime,
    title: appt.title,
    description: [appt.description ?? "", answersText(appt.answers), meetLink ? `Google Meet: ${meetLink}` : ""].filter(Boolean).join("\n"),
    organizer: { name: PRACTICE_NAME, email: coach.email },
    attendee: { name: client.name, email: client.email },
    coachTimeZone: settings.timeZone,
    clientTimeZone,
    url: `${appUrl()}/appointments`,
    location: locationOf(appt, settings) ?? undefined,
  });
  return attachment(kind === "CANCEL" ? "cancel.ics" : "invite.ics", ics, `text/calendar; charset=utf-8; method=${kind}`);
}

/** Where this appointment's type meets (an address or a video link), or null when none is set. */
export function locationOf(appt: Pick<MailAppointment, "appointmentType">, settings: AvailabilitySettings): string | null {
  const type = appt.appointmentType as keyof AvailabilitySettings["locations"] | undefined;
  return (type && settings.locations[type]) || null;
}

/** "Question: answer" lines for the calendar event and the invitation. */
export function answersText(answers: MailAppointment["answers"]): string {
  return (answers ?? []).map((a) => `${a.question}: ${a.answer || "—"}`).join("\n");
}

export function whenOf(start: Date, settings: AvailabilitySettings, clientTimeZone?: string) {
  return { client: formatInZone(start, clientTimeZone ?? settings.timeZone), coach: formatInZone(start, settings.timeZone) };
}

/** The appointment as the client's emails and invitation show it: the title without her own name. */
export function asClientSees<A extends MailAppointment>(appt: A, client: MailClient): A {
  return { ...appt, title: clientTitle(appt.title, client.name) };
}
