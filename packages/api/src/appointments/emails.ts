/** The emails of a booking: confirmation and notice with an invitation (ICS), cancellation, reminder. */
import { appUrl } from "@coach/config";
import type { Database } from "@coach/db";
import {
  bookingCancellation,
  bookingConfirmation,
  bookingFollowUp,
  bookingNotice,
  bookingReminder,
  bookingRescheduled,
  PRACTICE_NAME,
  sendEmail,
} from "@coach/email";
import type { AvailabilitySettings } from "@coach/scheduling";
import { log } from "../shared/logger";
import { coachContact, displayName } from "../users/service";
import { asClientSees, inviteFor, locationOf, whenOf, type MailAppointment, type MailClient } from "./invite";

export { answersText } from "./invite";

/** Confirmation to the client and notice to the coach, each with the invitation. Never throws. */
export async function sendBookingEmails(
  db: Database,
  appt: MailAppointment,
  client: MailClient,
  settings: AvailabilitySettings,
  clientTimeZone?: string,
  meetLink?: string | null,
) {
  try {
    const coach = (await coachContact(db)) ?? { name: PRACTICE_NAME, email: client.email };
    const minutes = Math.round((appt.endTime.getTime() - appt.startTime.getTime()) / 60_000);
    const when = whenOf(appt.startTime, settings, clientTimeZone);
    const invite = inviteFor("REQUEST", appt, client, coach, settings, clientTimeZone, meetLink);
    // The client's copy never addresses her by her own name (the stored title is written for the coach).
    const forClient = asClientSees(appt, client);
    const clientInvite = inviteFor("REQUEST", forClient, client, coach, settings, clientTimeZone, meetLink);
    const location = locationOf(appt, settings);
    const confirmation = await bookingConfirmation({
      name: client.name,
      title: forClient.title,
      location,
      when,
      durationMinutes: minutes,
      notes: appt.description,
      appointmentsUrl: `${appUrl()}/appointments`,
    });
    await sendEmail(db, {
      kind: "booking-confirmation",
      to: client.email,
      ...confirmation,
      attachments: [clientInvite],
      dedupeKey: `booking-confirmation:${appt.id}`,
    });
    if (coach.email !== client.email) {
      const notice = await bookingNotice({
        name: client.name,
        email: client.email,
        title: appt.title,
        location,
        when,
        durationMinutes: minutes,
        notes: appt.description,
        answers: appt.answers,
        adminUrl: `${appUrl()}/admin?tab=appointments`,
      });
      await sendEmail(db, {
        kind: "booking-notice",
        to: coach.email,
        ...notice,
        attachments: [invite],
        dedupeKey: `booking-notice:${appt.id}`,
      });
    }
  } catch (error) {
    log("error", "booking emails could not be queued", { appointmentId: appt.id, error });
  }
}

export async function sendCancellationEmails(
  db: Database,
  appt: MailAppointment,
  client: MailClient,
  settings: AvailabilitySettings,
  clientTimeZone?: string,
  note: { by?: string; message?: string | null } = {},
) {
  try {
    const coach = (await coachContact(db)) ?? { name: PRACTICE_NAME, email: client.email };
    const when = whenOf(appt.startTime, settings, clientTimeZone);
    const invite = inviteFor("CANCEL", appt, client, coach, settings, clientTimeZone);
    const forClient = asClientSees(appt, client);
    const toClient = await bookingCancellation({
      name: client.name,
      title: forClient.title,
      when,
      recipient: "client",
      bookUrl: `${appUrl()}/appointments`,
      message: note.message,
    });
    await sendEmail(db, {
      kind: "booking-cancellation",
      to: client.email,
      ...toClient,
      attachments: [inviteFor("CANCEL", forClient, client, coach, settings, clientTimeZone)],
      dedupeKey: `booking-cancellation:${appt.id}`,
    });
    if (coach.email !== client.email) {
      const toCoach = await bookingCancellation({
        name: client.name,
        title: appt.title,
        when,
        recipient: "coach",
        by: note.by,
        message: note.message,
      });
      await sendEmail(db, {
        kind: "booking-cancellation-notice",
        to: coach.email,
        ...toCoach,
        attachments: [invite],
        dedupeKey: `booking-cancellation-notice:${appt.id}`,
      });
    }
  } catch (error) {
    log("error", "cancellation emails could not be queued", { appointmentId: appt.id, error });
  }
}

/**
 * The new time to the client and the coach, each with the invitation under the same UID and a
 * higher SEQUENCE, so calendars move the event instead of adding one. Never throws.
 */
export async function sendRescheduleEmails(
  db: Database,
  appt: MailAppointment & { icsSequence: number },
  previousStart: Date,
  client: MailClient,
  settings: AvailabilitySettings,
  clientTimeZone?: string,
  message?: string | null,
) {
  try {
    const coach = (await coachContact(db)) ?? { name: PRACTICE_NAME, email: client.email };
    const minutes = Math.round((appt.endTime.getTime() - appt.startTime.getTime()) / 60_000);
    const when = whenOf(appt.startTime, settings, clientTimeZone);
    const previous = whenOf(previousStart, settings, clientTimeZone);
    const invite = inviteFor("REQUEST", appt, client, coach, settings, clientTimeZone);
    const base = {
      name: client.name,
      title: appt.title,
      when,
      previous,
      durationMinutes: minutes,
      message,
      location: locationOf(appt, settings),
    };
    const forClient = asClientSees(appt, client);
    const toClient = await bookingRescheduled({
      ...base,
      title: forClient.title,
      recipient: "client",
      appointmentsUrl: `${appUrl()}/appointments`,
    });
    const key = `${appt.id}:${appt.icsSequence}`;
    await sendEmail(db, {
      kind: "booking-rescheduled",
      to: client.email,
      ...toClient,
      attachments: [inviteFor("REQUEST", forClient, client, coach, settings, clientTimeZone)],
      dedupeKey: `booking-rescheduled:${key}`,
    });
    if (coach.email !== client.email) {
      const toCoach = await bookingRescheduled({ ...base, recipient: "coach" });
      await sendEmail(db, {
        kind: "booking-rescheduled-notice",
        to: coach.email,
        ...toCoach,
        attachments: [invite],
        dedupeKey: `booking-rescheduled-notice:${key}`,
      });
    }
  } catch (error) {
    log("error", "reschedule emails could not be queued", { appointmentId: appt.id, error });
  }
}

/** After an attended session: the link to book the next one, with the same type preselected. */
export async function sendFollowUpEmail(
  db: Database,
  appt: MailAppointment & { appointmentType: string; clientTimeZone?: string | null },
  client: MailClient,
  coachTimeZone: string,
): Promise<boolean> {
  try {
    // The coach may record attendance days later: the mail names the session's day, never "today".
    const sessionDay = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: appt.clientTimeZone || coachTimeZone }).format(
      appt.startTime,
    );
    const mail = await bookingFollowUp({
      name: client.name,
      title: asClientSees(appt, client).title,
      sessionDay,
      bookUrl: nextSessionUrl(appt.appointmentType),
    });
    await sendEmail(db, { kind: "booking-follow-up", to: client.email, ...mail, dedupeKey: `booking-follow-up:${appt.id}` });
    return true;
  } catch (error) {
    log("error", "follow-up could not be queued", { appointmentId: appt.id, error });
    return false;
  }
}

/** The booking page with this type preselected. */
export function nextSessionUrl(type: string): string {
  return `${appUrl()}/appointments?type=${encodeURIComponent(type)}`;
}

/** A reminder before the session; returns whether it was queued. Never throws. */
export async function sendReminderEmail(
  db: Database,
  appt: MailAppointment,
  person: { email: string; firstName: string | null; lastName: string | null; username: string },
  settings: AvailabilitySettings,
  /** appointment, start and lead time: one email per reminder. */
  key: string,
  clientTimeZone?: string,
): Promise<boolean> {
  try {
    const mail = await bookingReminder({
      name: displayName(person),
      title: asClientSees(appt, { email: person.email, name: displayName(person) }).title,
      location: locationOf(appt, settings),
      when: whenOf(appt.startTime, settings, clientTimeZone),
      durationMinutes: Math.round((appt.endTime.getTime() - appt.startTime.getTime()) / 60_000),
      notes: appt.description,
      appointmentsUrl: `${appUrl()}/appointments`,
    });
    await sendEmail(db, { kind: "booking-reminder", to: person.email, ...mail, dedupeKey: `booking-reminder:${key}` });
    return true;
  } catch (error) {
    log("error", "reminder could not be queued", { appointmentId: appt.id, error });
    return false;
  }
}
