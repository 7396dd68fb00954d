export { PRACTICE_NAME, type RenderedEmail } from "./layout";
export { passwordReset, accountDeleted, type PasswordResetProps, type AccountDeletedProps } from "./account";
export { actionItemReminder, type ActionItemReminderProps } from "./coaching";
export {
  newsletterConfirm,
  newsletterIssue,
  newsletterLetter,
  type NewsletterLetterProps,
  newsletterHeaders,
  type NewsletterConfirmProps,
  type NewsletterIssueProps,
} from "./newsletter";
export { contactNotice, contactReply, type ContactNoticeProps, type ContactReplyProps } from "./contact";
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
export {
  paymentReceipt,
  creditsExpiring,
  refundFailedNotice,
  type ReceiptProps,
  type CreditsExpiringProps,
  type RefundFailedProps,
} from "./payments";
export { invoiceEmail, type InvoiceEmailProps } from "./invoice";
export {
  retreatBalanceRefunded,
  retreatDepositRefunded,
  retreatOffer,
  type RetreatDepositRefundedProps,
  type RetreatOfferProps,
} from "./retreat";
