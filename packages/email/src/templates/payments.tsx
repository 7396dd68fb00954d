/**
 * Payment emails (issue 31): the receipt after a verified payment, with what a European company
 * needs on it (seller, buyer, line items, tax), and the reminder before package credits expire.
 * Amounts arrive formatted: the money rules live in @coach/payments, which this package does not import.
 */
import { Text } from "@react-email/components";
import { CallToAction, Detail, Layout, PRACTICE_NAME, renderEmail, styles, type RenderedEmail } from "./layout";

export interface ReceiptProps {
  name?: string | null;
  receiptNumber: string;
  paidOn: string;
  seller: { name: string; email?: string | null; address?: string | null; taxId?: string | null };
  buyer: { name: string; email: string; company?: string | null; taxId?: string | null };
  lines: { description: string; quantity: number; amount: string }[];
  /** The tax line as charged ("0.00 USD (no tax charged)" when none was). */
  tax: string;
  total: string;
}

export function paymentReceipt(props: ReceiptProps): Promise<RenderedEmail> {
  const title = `Receipt ${props.receiptNumber}`;
  return renderEmail(
    `${title} · ${PRACTICE_NAME}`,
    <Layout title={title} preview={`We received your payment of ${props.total}.`}>
      <Text style={styles.text}>{props.name ? `Hello ${props.name},` : "Hello,"}</Text>
      <Text style={styles.text}>{`Thank you: we received your payment of ${props.total} on ${props.paidOn}.`}</Text>
      <Detail label="Seller">
        {[props.seller.name, props.seller.address, props.seller.email, props.seller.taxId ? `VAT/Tax ID ${props.seller.taxId}` : null]
          .filter(Boolean)
          .join(" · ")}
      </Detail>
      <Detail label="Billed to">
        {[props.buyer.company, props.buyer.name, props.buyer.email, props.buyer.taxId ? `VAT/Tax ID ${props.buyer.taxId}` : null]
          .filter(Boolean)
          .join(" · ")}
      </Detail>
      {props.lines.map((line, i) => (
        <Detail key={i} label={`${line.description} × ${line.quantity}`}>
          {line.amount}
        </Detail>
      ))}
      <Detail label="Tax">{props.tax}</Detail>
      <Detail label="Total paid">{props.total}</Detail>
      <Text style={styles.muted}>Card details were handled by Stripe and never reached our servers. Keep this email as your receipt.</Text>
    </Layout>,
  );
}

export interface CreditsExpiringProps {
  name?: string | null;
  remaining: number;
  typeLabel: string;
  expiresOn: string;
  bookUrl: string;
}

/** Sent once, 14 days before a package's unused credits expire. */
export function creditsExpiring(props: CreditsExpiringProps): Promise<RenderedEmail> {
  const sessions = `${props.remaining} ${props.typeLabel.toLowerCase()} ${props.remaining === 1 ? "session" : "sessions"}`;
  const title = "Your sessions expire soon";
  return renderEmail(
    `${title} · ${PRACTICE_NAME}`,
    <Layout title={title} preview={`${sessions} left until ${props.expiresOn}.`}>
      <Text style={styles.text}>{props.name ? `Hello ${props.name},` : "Hello,"}</Text>
      <Text style={styles.text}>{`You have ${sessions} left in your package. They can be booked until ${props.expiresOn}.`}</Text>
      <CallToAction href={props.bookUrl}>Book a session</CallToAction>
    </Layout>,
  );
}

export interface RefundFailedProps {
  clientName: string;
  /** Formatted, e.g. "450.00 USD". */
  amount: string;
  /** Stripe's reason in words, e.g. "the card was canceled or has expired". */
  reason: string;
  paymentsUrl: string;
}

/** To the coach: a refund Stripe had accepted failed later, so the client has not got the money back. */
export function refundFailedNotice(props: RefundFailedProps): Promise<RenderedEmail> {
  const title = "A refund did not reach the client";
  return renderEmail(
    `${title} · ${PRACTICE_NAME}`,
    <Layout title={title} preview={`${props.amount} to ${props.clientName} came back: ${props.reason}.`}>
      <Text style={styles.text}>
        {`Stripe could not return ${props.amount} to ${props.clientName}: ${props.reason}. The money is back in your Stripe balance and the client has not received it.`}
      </Text>
      <Text style={styles.text}>Try the refund again from the Refunds table, or refund the client another way and let them know.</Text>
      <CallToAction href={props.paymentsUrl}>Open Payments</CallToAction>
    </Layout>,
  );
}
