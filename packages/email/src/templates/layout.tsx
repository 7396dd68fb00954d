/**
 * The branded frame shared by every email: one column, inline styles (mail clients drop
 * stylesheets), real headings, a language, a title and link text that makes sense out of context.
 */
import { Fragment, type CSSProperties, type ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { PRACTICE_NAME } from "../brand";

export { PRACTICE_NAME };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// Colours pass WCAG AA contrast on white.
const colors = { ink: "#1f2937", muted: "#4b5563", brand: "#1e3a5f", line: "#e5e7eb", page: "#f4f5f7" };
const font = "'Helvetica Neue', Helvetica, Arial, sans-serif";

export const styles = {
  text: { color: colors.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  muted: { color: colors.muted, fontSize: "14px", lineHeight: "22px", margin: "0 0 12px" },
  label: { color: colors.muted, fontSize: "14px", lineHeight: "20px", fontWeight: 600 },
  value: { color: colors.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" },
  quote: {
    color: colors.ink,
    fontSize: "16px",
    lineHeight: "24px",
    margin: "0 0 16px",
    padding: "12px 16px",
    borderLeft: `4px solid ${colors.brand}`,
    backgroundColor: colors.page,
  },
  link: { color: colors.brand, textDecoration: "underline" },
};

export function Layout({ title, preview, children, footer }: { title: string; preview: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", padding: "32px", borderRadius: "8px" }}>
          <Text
            style={{
              color: colors.brand,
              fontSize: "14px",
              fontWeight: 700,
              letterSpacing: "0.08em",
              textTransform: "uppercase",
              margin: "0 0 24px",
            }}
          >
            {PRACTICE_NAME}
          </Text>
          <Heading as="h1" style={{ color: colors.ink, fontSize: "24px", lineHeight: "32px", margin: "0 0 16px" }}>
            {title}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: "32px 0 16px" }} />
          <Section>
            {footer}
            <Text style={{ ...styles.muted, fontSize: "12px" }}>
              {`${PRACTICE_NAME} · Scientific Executive Coaching & Leadership Development`}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A button plus the bare link, for clients that block buttons and for screen-reader users. */
export function CallToAction({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "24px 0" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.brand,
          color: "#ffffff",
          fontSize: "16px",
          fontWeight: 600,
          padding: "12px 20px",
          borderRadius: "6px",
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
      {/* Skipped in the plain-text version, which already prints the address next to the label. */}
      <Text data-skip-in-text="true" style={{ ...styles.muted, margin: "16px 0 0" }}>
        If the button does not work, copy this address into your browser:{" "}
        <Link href={href} style={{ ...styles.link, wordBreak: "break-all" }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** A label / value pair for details (appointment, contact message); one paragraph keeps the text version tidy. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={styles.value}>
      <span style={styles.label}>{label}</span>
      <br />
      {children}
    </Text>
  );
}

/** User-written text with its line breaks kept (as <br>, which survives both HTML and plain-text rendering). */
export function Multiline({ text, style }: { text: string; style?: CSSProperties }) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  return (
    <Text style={style ?? styles.quote}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** Subjects are one line: strip line breaks and runs of spaces that user content may carry. */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export async function renderEmail(subject: string, element: ReactNode): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: oneLine(subject), html, text };
}
