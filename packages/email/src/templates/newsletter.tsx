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
