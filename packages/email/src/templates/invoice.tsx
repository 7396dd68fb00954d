import { Section, Text } from "@react-email/components";
import { CallToAction, Detail, Layout, renderEmail, styles, type RenderedEmail } from "./layout";

export interface InvoiceEmailProps {
  seller: { name: string; address: string | null; taxId: string | null };
  buyer: { companyName: string; address: string[]; taxId: string | null };
  number: string;
  poNumber: string | null;
  /** Already formatted for people, e.g. "$5,400.00". */
  lines: { description: string; amount: string }[];
  subtotal: string;
  tax: string;
  total: string;
  dueDate: string | null;
  payUrl: string | null;
}

/** To a company's billing address: what a European buyer needs on an invoice (seller, buyer's VAT id, PO, lines, tax). */
export function invoiceEmail(props: InvoiceEmailProps): Promise<RenderedEmail> {
  const title = `Invoice ${props.number}`;
  return renderEmail(
    `${title} from ${props.seller.name}`,
    <Layout title={title} preview={`${props.total} due${props.dueDate ? ` by ${props.dueDate}` : ""}.`}>
      <Detail label="From">
        {[props.seller.name, props.seller.address, props.seller.taxId ? `VAT ID ${props.seller.taxId}` : null].filter(Boolean).join(", ")}
      </Detail>
      <Detail label="To">
        {[props.buyer.companyName, ...props.buyer.address, props.buyer.taxId ? `VAT ID ${props.buyer.taxId}` : null]
          .filter(Boolean)
          .join(", ")}
      </Detail>
      {props.poNumber ? <Detail label="PO number">{props.poNumber}</Detail> : null}
      <Section>
        {props.lines.map((line, i) => (
          <Text key={i} style={styles.text}>{`${line.description}: ${line.amount}`}</Text>
        ))}
      </Section>
      <Detail label="Subtotal">{props.subtotal}</Detail>
      <Detail label="Tax">{props.tax}</Detail>
      <Detail label="Total">{props.total}</Detail>
      {props.dueDate ? <Detail label="Due">{props.dueDate}</Detail> : null}
      {props.payUrl ? <CallToAction href={props.payUrl}>View and pay the invoice</CallToAction> : null}
    </Layout>,
  );
}
