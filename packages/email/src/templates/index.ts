export { PRACTICE_NAME, type RenderedEmail } from "./layout";
export { passwordReset, type PasswordResetProps } from "./account";
export {
  newsletterConfirm,
  newsletterIssue,
  newsletterHeaders,
  type NewsletterConfirmProps,
  type NewsletterIssueProps,
} from "./newsletter";
export { contactNotice, type ContactNoticeProps } from "./contact";
export {
  bookingConfirmation,
  bookingNotice,
  bookingCancellation,
  bookingReminder,
  bookingRescheduled,
  bookingFollowUp,
  type BookingRescheduledProps,
  type BookingFollowUpProps,
  type BookingWhen,
  type BookingConfirmationProps,
  type BookingNoticeProps,
  type BookingCancellationProps,
  type BookingReminderProps,
} from "./booking";
