import { Link, Text } from "@react-email/components";
import { Detail, Layout, Multiline, renderEmail, styles, type RenderedEmail } from "./layout";

const SUBJECT_LABELS: Record<string, string> = {
  "executive-coaching": "Executive Coaching",
  "leadership-development": "Leadership Development",
  "team-performance": "Team Performance",
  assessments: "Assessments",
  "strategic-planning": "Strategic Planning",
  other: "Other",
};

export interface ContactNoticeProps {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  /** The form's subject code (e.g. "executive-coaching"); unknown values are shown as given. */
  subject: string;
  message: string;
}

/** To the coach. Carries replyTo, so answering the email answers the visitor. */
export async function contactNotice(props: ContactNoticeProps): Promise<RenderedEmail & { replyTo: string }> {
  const { firstName, lastName, email, phone, company, message } = props;
  const name = `${firstName} ${lastName}`.trim();
  const topic = SUBJECT_LABELS[props.subject] ?? props.subject;
  const title = "New message from the website";
  const rendered = await renderEmail(
    `New enquiry from ${name}: ${topic}`,
    <Layout title={title} preview={`${name} wrote about ${topic}.`}>
      <Detail label="From">{name}</Detail>
      <Detail label="Email">
        <Link href={`mailto:${email}`} style={styles.link}>
          {email}
        </Link>
      </Detail>
      {phone ? <Detail label="Phone">{phone}</Detail> : null}
      {company ? <Detail label="Company">{company}</Detail> : null}
      <Detail label="Subject">{topic}</Detail>
      <Text style={{ ...styles.label, margin: 0 }}>Message</Text>
      <Multiline text={message} />
      <Text
        style={styles.muted}
      >{`Reply to this email to answer ${firstName}. The contact page promises an answer within 1-2 business days.`}</Text>
    </Layout>,
  );
  return { ...rendered, replyTo: email };
}

export interface ContactReplyProps {
  firstName: string;
  /** the visitor's subject code, as in ContactNoticeProps */
  subject: string;
  /** the coach's answer, plain text */
  reply: string;
  /** the visitor's own message, quoted under the answer */
  original: string;
}

/** The coach's answer to a contact message, written in the console. */
export function contactReply(props: ContactReplyProps): Promise<RenderedEmail> {
  const topic = SUBJECT_LABELS[props.subject] ?? props.subject;
  const title = `Re: ${topic}`;
  return renderEmail(
    title,
    <Layout title={title} preview={props.reply.slice(0, 90)}>
      <Text style={styles.text}>{`Hello ${props.firstName},`}</Text>
      <Multiline text={props.reply} />
      <Text style={{ ...styles.label, margin: "16px 0 0" }}>Your message</Text>
      <Multiline text={props.original} />
    </Layout>,
  );
}
