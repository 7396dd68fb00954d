/**
 * The single source of every enumerated value in the data model. The schema's check
 * constraints, the validators, the routers and the UI all import from here.
 * No drizzle import, so client components can use it too.
 */
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const TEST_TYPES = ["personality", "iq", "eq", "leadership"] as const;
export type TestType = (typeof TEST_TYPES)[number];

export const QUESTION_TYPES = ["multiple-choice", "slider"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const BLOG_TAGS = [
  "leadership",
  "emotional_intelligence",
  "performance",
  "communication",
  "stress_management",
  "team_building",
  "career_development",
  "personal_growth",
] as const;
export type BlogTag = (typeof BLOG_TAGS)[number];

export const APPOINTMENT_TYPES = ["consultation", "coaching", "followup"] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/**
 * `awaiting_payment`: a paid booking's hold while the client is in Checkout (decision 27); it blocks the
 * slot like a booking until the payment confirms it (`scheduled`) or the hold is released (`canceled`).
 */
export const APPOINTMENT_STATUSES = ["pending", "awaiting_payment", "scheduled", "canceled", "completed"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What the coach recorded after a session's start. */
export const ATTENDANCE_VALUES = ["attended", "no-show"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];

/** Intake question kinds the coach can ask per appointment type. */
export const INTAKE_QUESTION_KINDS = ["short-text", "long-text", "single-choice"] as const;
export type IntakeQuestionKind = (typeof INTAKE_QUESTION_KINDS)[number];

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A coaching goal's state (issue 21). */
export const GOAL_STATUSES = ["active", "achieved", "dropped"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Who set a goal: the coach in the client record, or the client in the portal. */
export const GOAL_CREATORS = ["coach", "client"] as const;
export type GoalCreator = (typeof GOAL_CREATORS)[number];

/** What the coach sells (issue 31, decision 27): one paid session of a type, a package of N sessions, the retreat. */
export const OFFER_KINDS = ["session", "package", "retreat"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Currencies an offer may be priced in (ISO 4217, lower case as Stripe writes them; all have cents). */
export const CURRENCIES = ["usd", "eur", "gbp", "chf", "cad", "aud"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** What a payment or an invoice pays for. */
export const PAYMENT_PURPOSES = ["session", "package", "retreat_deposit", "retreat_balance"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * A Checkout payment's life: `pending` (session open), `paid` (the verified webhook confirmed it),
 * `expired` (the session expired or our job released the hold), `refunded` / `partially_refunded`.
 */
export const PAYMENT_STATUSES = ["pending", "paid", "expired", "partially_refunded", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where credits came from: a Checkout payment, a company invoice, or the coach's own grant. */
export const CREDIT_SOURCES = ["payment", "invoice", "coach"] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/** An invoice as the coach sees it (Stripe's `uncollectible` and `invoice.overdue` both read as overdue). */
export const INVOICE_STATUSES = ["draft", "open", "paid", "void", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** When an invoiced package's credits are granted, as the coach chooses: when it is issued or when it is paid. */
export const INVOICE_CREDIT_TIMINGS = ["issue", "paid"] as const;
export type InvoiceCreditTiming = (typeof INVOICE_CREDIT_TIMINGS)[number];

/**
 * A retreat application: `pending` (waiting for the coach), `accepted` (deposit Checkout sent, a place
 * held), `confirmed` (deposit paid), `waitlisted` (places full), `offered` (a freed place offered
 * until `offerExpiresAt`), `declined` (by the coach), `canceled` (by the applicant, refunded by the schedule),
 * `lapsed` (an acceptance or offer not paid in time).
 */
export const RETREAT_APPLICATION_STATUSES = [
  "pending",
  "accepted",
  "confirmed",
  "waitlisted",
  "offered",
  "declined",
  "canceled",
  "lapsed",
] as const;
export type RetreatApplicationStatus = (typeof RETREAT_APPLICATION_STATUSES)[number];

/** Applications that hold one of the retreat's places. */
export const RETREAT_PLACE_HOLDING_STATUSES = ["accepted", "confirmed", "offered"] as const satisfies readonly RetreatApplicationStatus[];

/** A refund's state at Stripe. */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
