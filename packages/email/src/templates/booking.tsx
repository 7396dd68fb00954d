import { Link, Text } from "@react-email/components";
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
  /** Where to meet: an address or a video link (the appointment type's setting); absent when none is set. */
  location?: string | null;
}

/** The meeting place, or the video link as a link. */
function Where({ location }: { location?: string | null }) {
  if (!location) return null;
  return (
    <Detail label="Where">
      {/^https?:\/\//.test(location) ? (
        <Link href={location} style={styles.link}>
          {location}
        </Link>
      ) : (
        location
      )}
    </Detail>
  );
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
  /** The client's answers to the intake questions. */
  answers?: ReadonlyArray<{ question: string; answer: string }>;
}

export interface BookingCancellationProps extends BookingBase {
  /** Who receives this email; the wording differs. */
  recipient?: "client" | "coach";
  /** For the client: where to book again. */
  bookUrl?: string;
  /** Who canceled, for the coach's copy ("Ada Lovelace" or "You"). */
  by?: string;
  /** A note from whoever canceled (the coach's message or the client's reason). */
  message?: string | null;
}

export interface BookingRescheduledProps extends BookingBase {
  recipient: "client" | "coach";
  previous: BookingWhen;
  durationMinutes: number;
  message?: string | null;
  appointmentsUrl?: string;
}

export interface BookingFollowUpProps {
  name: string;
  title: string;
  /** the session's day in the client's zone ("Tuesday, November 24, 2026"): the mail may go days later */
  sessionDay: string;
  bookUrl: string;
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

export function bookingConfirmation({
  name,
  title,
  when,
  durationMinutes,
  notes,
  appointmentsUrl,
  location,
}: BookingConfirmationProps): Promise<RenderedEmail> {
  const heading = "Your appointment is booked";
  return renderEmail(
    `Booked: ${title} on ${when.client}`,
    <Layout title={heading} preview={`${title}, ${when.client}.`}>
      <Text style={styles.text}>{`Hello ${name}, thank you for booking with ${PRACTICE_NAME}. Here are the details:`}</Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.client}</Detail>
      <OtherZone label="When (coach's time)" time={when.coach} than={when.client} />
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      <Where location={location} />
      {notes ? (
        <>
          <Text style={{ ...styles.label, margin: 0 }}>Your notes</Text>
          <Multiline text={notes} />
        </>
      ) : null}
      {appointmentsUrl ? <CallToAction href={appointmentsUrl}>View my appointments</CallToAction> : null}
      <Text style={styles.muted}>
        If you can no longer attend, please cancel from your appointments page so the time can go to someone else.
      </Text>
    </Layout>,
  );
}

/** To the coach, when a client books. */
export function bookingNotice({
  name,
  email,
  title,
  when,
  durationMinutes,
  notes,
  adminUrl,
  answers,
  location,
}: BookingNoticeProps): Promise<RenderedEmail> {
  const heading = "New appointment booked";
  return renderEmail(
    `New booking: ${title} on ${when.coach}`,
    <Layout title={heading} preview={`${name} booked ${title} for ${when.coach}.`}>
      <Detail label="Client">{`${name} (${email})`}</Detail>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.coach}</Detail>
      <OtherZone label="When (client's time)" time={when.client} than={when.coach} />
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      <Where location={location} />
      {notes ? (
        <>
          <Text style={{ ...styles.label, margin: 0 }}>Client's notes</Text>
          <Multiline text={notes} />
        </>
      ) : null}
      {(answers ?? []).map((a) => (
        <Detail key={a.question} label={a.question}>
          {a.answer || "—"}
        </Detail>
      ))}
      {adminUrl ? <CallToAction href={adminUrl}>Open the admin console</CallToAction> : null}
    </Layout>,
  );
}

export function bookingCancellation({
  name,
  title,
  when,
  recipient = "client",
  bookUrl,
  by,
  message,
}: BookingCancellationProps): Promise<RenderedEmail> {
  const note = message ? <Detail label="Message">{message}</Detail> : null;
  if (recipient === "coach") {
    return renderEmail(
      `Cancelled: ${title} on ${when.coach}`,
      <Layout title="Appointment cancelled" preview={`${by ?? name} cancelled ${title}.`}>
        <Text style={styles.text}>{`${by ?? name} cancelled this appointment with ${name}. The time is free again.`}</Text>
        <Detail label="Appointment">{title}</Detail>
        <Detail label="When (your time)">{when.coach}</Detail>
        {note}
      </Layout>,
    );
  }
  return renderEmail(
    `Cancelled: ${title} on ${when.client}`,
    <Layout title="Your appointment is cancelled" preview={`${title}, ${when.client}, is cancelled.`}>
      <Text style={styles.text}>{`Hello ${name}, this appointment has been cancelled:`}</Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.client}</Detail>
      {note}
      {bookUrl ? <CallToAction href={bookUrl}>Book another time</CallToAction> : null}
      <Text style={styles.muted}>If you did not expect this, reply to this email or contact us through the website.</Text>
    </Layout>,
  );
}

export function bookingReminder({
  name,
  title,
  when,
  durationMinutes,
  notes,
  appointmentsUrl,
  location,
}: BookingReminderProps): Promise<RenderedEmail> {
  return renderEmail(
    `Reminder: ${title} on ${when.client}`,
    <Layout title="Your appointment is coming up" preview={`${title}, ${when.client}.`}>
      <Text style={styles.text}>{`Hello ${name}, a reminder of your upcoming session with ${PRACTICE_NAME}:`}</Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="When (your time)">{when.client}</Detail>
      <OtherZone label="When (coach's time)" time={when.coach} than={when.client} />
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      <Where location={location} />
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

/** The new time of a moved appointment, to the client or to the coach. */
export function bookingRescheduled({
  name,
  title,
  when,
  previous,
  recipient,
  durationMinutes,
  message,
  appointmentsUrl,
  location,
}: BookingRescheduledProps): Promise<RenderedEmail> {
  const now = recipient === "client" ? when.client : when.coach;
  const before = recipient === "client" ? previous.client : previous.coach;
  return renderEmail(
    `Rescheduled: ${title} now on ${now}`,
    <Layout title="Your appointment has a new time" preview={`${title} moved to ${now}.`}>
      <Text style={styles.text}>
        {recipient === "client" ? `Hello ${name}, your appointment has moved:` : `The appointment with ${name} has moved:`}
      </Text>
      <Detail label="Appointment">{title}</Detail>
      <Detail label="New time (your time)">{now}</Detail>
      <Detail label="Previously">{before}</Detail>
      <Detail label="Duration">{`${durationMinutes} minutes`}</Detail>
      <Where location={location} />
      {message ? <Detail label="Message">{message}</Detail> : null}
      {appointmentsUrl ? <CallToAction href={appointmentsUrl}>View my appointments</CallToAction> : null}
      <Text style={styles.muted}>The attached invitation updates the event in your calendar.</Text>
    </Layout>,
  );
}

/** After a session the coach marked attended: thanks, and the link to book the next one. */
export function bookingFollowUp({ name, title, sessionDay, bookUrl }: BookingFollowUpProps): Promise<RenderedEmail> {
  return renderEmail(
    `Thank you for your session: ${title}`,
    <Layout title="Thank you for your session" preview="Book your next session when it suits you.">
      <Text style={styles.text}>{`Hello ${name}, thank you for your session with ${PRACTICE_NAME} on ${sessionDay}.`}</Text>
      <CallToAction href={bookUrl}>Book your next session</CallToAction>
    </Layout>,
  );
}
