import { Text } from "@react-email/components";
import { CallToAction, Layout, Multiline, PRACTICE_NAME, oneLine, renderEmail, styles, type RenderedEmail } from "./layout";

export interface ActionItemReminderProps {
  name: string;
  /** the action item as the client and coach agreed it */
  text: string;
  /** the due date as the client reads it, e.g. "Tuesday, 10 March 2026" */
  due: string;
  portalUrl: string;
}

/** The reminder on an action item's due date. Never carries a session note. */
export function actionItemReminder({ name, text, due, portalUrl }: ActionItemReminderProps): Promise<RenderedEmail> {
  const title = "An action item is due today";
  return renderEmail(
    `Due today: ${oneLine(text, 60)}`,
    <Layout title={title} preview={`${oneLine(text, 80)} (due ${due})`}>
      <Text style={styles.text}>{`Hello ${name}, this is a reminder from ${PRACTICE_NAME} of what you set out to do by ${due}:`}</Text>
      <Multiline text={text} />
      <CallToAction href={portalUrl}>Open My Coaching</CallToAction>
      <Text style={styles.muted}>Tick it off in My Coaching once it is done.</Text>
    </Layout>,
  );
}
