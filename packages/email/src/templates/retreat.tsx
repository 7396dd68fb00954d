import { Text } from "@react-email/components";
import { CallToAction, Layout, renderEmail, styles, type RenderedEmail } from "./layout";

export interface RetreatOfferProps {
  firstName: string | null;
  title: string;
  /** Formatted, e.g. "$1,500.00". */
  deposit: string;
  checkoutUrl: string;
  /** Until when the place is held for the applicant. */
  expiresAt: Date;
}

/** To an accepted applicant, or to the next on the waitlist when a place frees: the deposit's Checkout. */
export function retreatOffer(props: RetreatOfferProps): Promise<RenderedEmail> {
  const title = `A place on ${props.title} is yours`;
  const until = props.expiresAt.toUTCString();
  return renderEmail(
    title,
    <Layout title={title} preview={`Pay the ${props.deposit} deposit by ${until} to confirm it.`}>
      <Text style={styles.text}>{`Hello ${props.firstName ?? "there"},`}</Text>
      <Text style={styles.text}>
        {`A place on ${props.title} is held for you until ${until}. Pay the ${props.deposit} deposit to confirm it; after that time the place goes to the next person on the waitlist.`}
      </Text>
      <CallToAction href={props.checkoutUrl}>Pay the deposit</CallToAction>
    </Layout>,
  );
}

export interface RetreatDepositRefundedProps {
  firstName: string | null;
  title: string;
  /** Formatted, e.g. "$1,500.00". */
  amount: string;
}

/** To an applicant whose deposit arrived after their place had gone (canceled, or lapsed and offered on): it is refunded. */
export function retreatDepositRefunded(props: RetreatDepositRefundedProps): Promise<RenderedEmail> {
  const title = `Your deposit for ${props.title} is being refunded`;
  return renderEmail(
    title,
    <Layout title={title} preview={`${props.amount} is coming back to you.`}>
      <Text style={styles.text}>{`Hello ${props.firstName ?? "there"},`}</Text>
      <Text style={styles.text}>
        {`Your deposit for ${props.title} arrived after the place held for you had ended, so it could not confirm a place. We are refunding the full ${props.amount}; your bank usually shows it within 5 to 10 business days. If you would still like to come, write to the coach: you can join the waitlist for the next free place.`}
      </Text>
    </Layout>,
  );
}

/** To a payer whose balance reached Stripe just after their place was canceled: no balance is owed, so it is refunded. */
/**
 * `percent`: the balance was paid before the cancellation but recorded after it, so the schedule's
 * percentage at the cancellation applies to it (`amount` is that share); without it, paid after the
 * cancellation and refunded in full.
 */
export function retreatBalanceRefunded(props: RetreatDepositRefundedProps & { percent?: number }): Promise<RenderedEmail> {
  const title = `Your balance for ${props.title} is being refunded`;
  const what =
    props.percent === undefined
      ? `Your payment of the balance for ${props.title} arrived just after the place had been canceled, so no balance is owed. We are refunding the full ${props.amount}`
      : `Your payment of the balance for ${props.title} was made before you canceled, but reached us only afterwards. By the refund schedule when you canceled, ${props.percent}% of it comes back: we are refunding ${props.amount}`;
  return renderEmail(
    title,
    <Layout title={title} preview={`${props.amount} is coming back to you.`}>
      <Text style={styles.text}>{`Hello ${props.firstName ?? "there"},`}</Text>
      <Text style={styles.text}>
        {`${what}; your bank usually shows it within 5 to 10 business days. The refund for the cancellation itself, if any, was sent separately.`}
      </Text>
    </Layout>,
  );
}
