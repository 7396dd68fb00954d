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
