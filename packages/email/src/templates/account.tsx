import { Text } from "@react-email/components";
import { CallToAction, Layout, PRACTICE_NAME, renderEmail, styles, type RenderedEmail } from "./layout";

export interface PasswordResetProps {
  name?: string | null;
  /** the account's username: people who forgot the password often forgot which name they signed in with */
  username: string;
  resetUrl: string;
  expiresMinutes: number;
}

export function passwordReset({ name, username, resetUrl, expiresMinutes }: PasswordResetProps): Promise<RenderedEmail> {
  const title = "Reset your password";
  return renderEmail(
    `${title} · ${PRACTICE_NAME}`,
    <Layout title={title} preview={`Choose a new password within ${expiresMinutes} minutes.`}>
      <Text style={styles.text}>{name ? `Hello ${name},` : "Hello,"}</Text>
      <Text style={styles.text}>
        {`We received a request to reset the password of your ${PRACTICE_NAME} account. Use the button below to choose a new one. The link works for ${expiresMinutes} minutes and only once.`}
      </Text>
      <Text style={styles.text}>{`Your username is ${username}. You can also sign in with this email address.`}</Text>
      <CallToAction href={resetUrl}>Choose a new password</CallToAction>
      <Text style={styles.muted}>If you did not ask for this, you can ignore this email: your password stays as it is.</Text>
    </Layout>,
  );
}

export interface AccountDeletedProps {
  name?: string | null;
}

/** Confirms an account deletion to the address it had; sent before the address is erased. */
export function accountDeleted({ name }: AccountDeletedProps): Promise<RenderedEmail> {
  const title = "Your account has been deleted";
  return renderEmail(
    `${title} · ${PRACTICE_NAME}`,
    <Layout title={title} preview="Your personal data has been removed.">
      <Text style={styles.text}>{name ? `Hello ${name},` : "Hello,"}</Text>
      <Text style={styles.text}>
        {`As you asked, your ${PRACTICE_NAME} account has been deleted. Your profile, your answers' link to you, your goals, action items and session notes are gone, and your upcoming sessions were canceled. Results and bookings are kept only without your name or address, in the practice's anonymous statistics.`}
      </Text>
      <Text style={styles.muted}>
        This is the last email we send to this address; it is erased once this message has been delivered. If you did not ask for this,
        reply to this email.
      </Text>
    </Layout>,
  );
}
