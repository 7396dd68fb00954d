import { Text } from "@react-email/components";
import { CallToAction, Detail, Layout, Multiline, PRACTICE_NAME, renderEmail, styles, type RenderedEmail } from "./layout";

/** Start time already formatted by the caller, in the client's and in the coach's time zone. */
export interface BookingWhen {
  client: string;
  coach: string;
}

interface BookingBase {
  /** The client's name. */
  name: string;
  title: string;
  when: BookingWhen;
}

export interface BookingConfirmationProps extends BookingBase {
  durationMinutes: number;
  notes?: string | null;
  /** Where the client sees (and may cancel) appointments. */
  appointmentsUrl?: string;
}

export interface BookingNoticeProps extends BookingBase {
  email: string;
  durationMinutes: number;
  notes?: string | null;
  adminUrl?: string;
}

export interface BookingCancellationProps extends BookingBase {
  /** Who receives this email; the wording differs. */
  recipient?: "client" | "coach";
  /** For the client: where to book again. */
  bookUrl?: string;
}

export interface BookingReminderProps extends BookingBase {
  durationMinutes: number;
  notes?: string | null;
  appointmentsUrl?: string;
}

/** The coach's time, shown only when it reads differently from the client's. */
function OtherZone({ label, time, than }: { label: string; time: string; than: string }) {
  return time !== than ? <Detail label={label}>{time}</Detail> : null;
}

export function bookingConfirmation({ name, title, when, durationMinutes, notes, appointmentsUrl }: BookingConfirmationProps): Promise<RenderedEmail> {
  const heading = "Your appointment is booked";
  return renderEmail(
    `Booked: ${title} on ${when.client}`,
    <Layout title={heading} preview={`${title}, ${when.client}.`}>
      <Text style={styles.text}>{`Hello ${name}, thank you for booking with ${PRACTICE_NAME}. Here are the details:`}</Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.client}</Detail>
      <OtherZone label="When (coach's time)" time={when.coach} than={when.client} />
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      {notes ? (
        <>
          <Text style={{ ...styles.label, margin: 0 }}>Your notes</Text>
          <Multiline text={notes} />
        </>
      ) : null}
      {appointmentsUrl ? <CallToAction href={appointmentsUrl}>View my appointments</CallToAction> : null}
      <Text style={styles.muted}>If you can no longer attend, please cancel from your appointments page so the time can go to someone else.</Text>
    </Layout>,
  );
}

/** To the coach, when a client books. */
export function bookingNotice({ name, email, title, when, durationMinutes, notes, adminUrl }: BookingNoticeProps): Promise<RenderedEmail> {
  const heading = "New appointment booked";
  return renderEmail(
    `New booking: ${title} on ${when.coach}`,
    <Layout title={heading} preview={`${name} booked ${title} for ${when.coach}.`}>
      <Detail label="Client">{`${name} (${email})`}</Detail>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.coach}</Detail>
      <OtherZone label="When (client's time)" time={when.client} than={when.coach} />
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      {notes ? (
        <>
          <Text style={{ ...styles.label, margin: 0 }}>Client's notes</Text>
          <Multiline text={notes} />
        </>
      ) : null}
      {adminUrl ? <CallToAction href={adminUrl}>Open the admin console</CallToAction> : null}
    </Layout>,
  );
}

export function bookingCancellation({ name, title, when, recipient = "client", bookUrl }: BookingCancellationProps): Promise<RenderedEmail> {
  if (recipient === "coach") {
    return renderEmail(
      `Cancelled: ${title} on ${when.coach}`,
      <Layout title="Appointment cancelled" preview={`${name} cancelled ${title}.`}>
        <Text style={styles.text}>{`${name} cancelled this appointment. The time is free again.`}</Text>
        <Detail label="Appointment">{title}</Detail>
        <Detail label="When (your time)">{when.coach}</Detail>
      </Layout>,
    );
  }
  return renderEmail(
    `Cancelled: ${title} on ${when.client}`,
    <Layout title="Your appointment is cancelled" preview={`${title}, ${when.client}, is cancelled.`}>
      <Text style={styles.text}>{`Hello ${name}, this appointment has been cancelled:`}</Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.client}</Detail>
      {bookUrl ? <CallToAction href={bookUrl}>Book another time</CallToAction> : null}
      <Text style={styles.muted}>If you did not expect this, reply to this email or contact us through the website.</Text>
    </Layout>,
  );
}

export function bookingReminder({ name, title, when, durationMinutes, notes, appointmentsUrl }: BookingReminderProps): Promise<RenderedEmail> {
  return renderEmail(
    `Reminder: ${title} on ${when.client}`,
    <Layout title="Your appointment is coming up" preview={`${title}, ${when.client}.`}>
      <Text style={styles.text}>{`Hello ${name}, a reminder of your upcoming session with ${PRACTICE_NAME}:`}</Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.client}</Detail>
      <OtherZone label="When (coach's time)" time={when.coach} than={when.client} />
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      {notes ? (
        <>
          <Text style={{ ...styles.label, margin: 0 }}>Your notes</Text>
          <Multiline text={notes} />
        </>
      ) : null}
      {appointmentsUrl ? <CallToAction href={appointmentsUrl}>View my appointments</CallToAction> : null}
    </Layout>,
  );
}
