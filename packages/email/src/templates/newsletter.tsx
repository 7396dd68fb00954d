import { Link, Text } from "@react-email/components";
import { CallToAction, Layout, PRACTICE_NAME, renderEmail, styles, type RenderedEmail } from "./layout";

const NEWSLETTER = "Continuous Leadership Education";

/** Headers for one-click unsubscribe (RFC 8058), which Gmail and Yahoo require for bulk mail. */
export function newsletterHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export interface NewsletterConfirmProps {
  confirmUrl: string;
  name?: string | null;
}

export function newsletterConfirm({ confirmUrl, name }: NewsletterConfirmProps): Promise<RenderedEmail> {
  const title = "Confirm your subscription";
  return renderEmail(
    `${title} to ${NEWSLETTER}`,
    <Layout title={title} preview={`One click to start receiving ${NEWSLETTER}.`}>
      <Text style={styles.text}>{name ? `Hello ${name},` : "Hello,"}</Text>
      <Text style={styles.text}>
        {`Thank you for signing up to ${NEWSLETTER}, the ${PRACTICE_NAME} newsletter. Please confirm that this address should receive it.`}
      </Text>
      <CallToAction href={confirmUrl}>Confirm my subscription</CallToAction>
      <Text style={styles.muted}>If you did not sign up, ignore this email and you will not hear from us.</Text>
    </Layout>,
  );
}

export interface NewsletterIssueProps {
  title: string;
  summary: string;
  postUrl: string;
  unsubscribeUrl: string;
}

/** Includes the List-Unsubscribe headers, so spreading the result into sendEmail cannot forget them. */
export async function newsletterIssue({
  title,
  summary,
  postUrl,
  unsubscribeUrl,
}: NewsletterIssueProps): Promise<RenderedEmail & { headers: Record<string, string> }> {
  const rendered = await renderEmail(
    title,
    <Layout
      title={title}
      preview={summary}
      footer={
        <Text style={styles.muted}>
          {`You receive ${NEWSLETTER} because you subscribed on our website. `}
          <Link href={unsubscribeUrl} style={styles.link}>
            Unsubscribe
          </Link>
        </Text>
      }
    >
      <Text style={styles.text}>{summary}</Text>
      <CallToAction href={postUrl}>Read the full article</CallToAction>
    </Layout>,
  );
  return { ...rendered, headers: newsletterHeaders(unsubscribeUrl) };
}

export interface NewsletterLetterProps {
  subject: string;
  /** the issue's body as HTML, already sanitized by the caller (the blog's sanitizer) */
  bodyHtml: string;
  /** the body's opening words, shown by mail clients beside the subject */
  preview: string;
  unsubscribeUrl: string;
}

/** The body's elements get the email's text styles inline, since mail clients drop style sheets. */
function styled(html: string): string {
  const css = (style: Record<string, unknown>) =>
    Object.entries(style)
      .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${typeof v === "number" ? `${v}px` : String(v)}`)
      .join(";");
  return html.replace(/<(p|li)>/g, `<$1 style="${css(styles.text)}">`).replace(/<a /g, `<a style="${css(styles.link)}" `);
}

/** An issue the coach wrote in the console: her formatted text, and the unsubscribe link and headers. */
export async function newsletterLetter({
  subject,
  bodyHtml,
  preview,
  unsubscribeUrl,
}: NewsletterLetterProps): Promise<RenderedEmail & { headers: Record<string, string> }> {
  const rendered = await renderEmail(
    subject,
    <Layout
      title={subject}
      preview={preview || subject}
      footer={
        <Text style={styles.muted}>
          {`You receive ${NEWSLETTER} because you subscribed on our website. `}
          <Link href={unsubscribeUrl} style={styles.link}>
            Unsubscribe
          </Link>
        </Text>
      }
    >
      <div dangerouslySetInnerHTML={{ __html: styled(bodyHtml) }} />
    </Layout>,
  );
  return { ...rendered, headers: newsletterHeaders(unsubscribeUrl) };
}
