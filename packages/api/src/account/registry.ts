/**
 * Every domain's contribution to the account's export and erasure, in one list (docs/decisions/0025).
 * A new table or column about a person gets an exporter and an eraser in its own domain, listed here.
 */
import { resultsEraser, resultsExporter } from "../assessments/account-data";
import { appointmentsEraser, appointmentsExporter } from "../appointments/account-data";
import { auditEraser } from "../audit/account-data";
import { actionItemsExporter, coachingEraser, goalsExporter, sharedNotesExporter } from "../coaching/account-data";
import { newsletterCounterEraser } from "../newsletter/account-data";
import { creditsExporter, invoicesExporter, paymentsEraser, paymentsExporter } from "../payments/account-data";
import type { AccountEraser } from "../shared/account-data";
import { rateLimitEraser } from "../shared/rate-limit-keys";
import { accountExporter, accountMailEraser } from "../users/account-data";

/** The sections of the export document, in order. */
export const EXPORTERS = {
  account: accountExporter,
  results: resultsExporter,
  appointments: appointmentsExporter,
  sharedNotes: sharedNotesExporter,
  goals: goalsExporter,
  actionItems: actionItemsExporter,
  payments: paymentsExporter,
  credits: creditsExporter,
  billing: invoicesExporter,
};

/**
 * Run in this order inside the deletion's transaction, after the stand-in is created and before the
 * account row goes (its cascade then removes what is left: reset tokens, for one).
 */
export const ERASERS: readonly AccountEraser[] = [
  coachingEraser,
  appointmentsEraser,
  // Before the account row goes: payments and invoices reference it with restrict (legal records).
  paymentsEraser,
  resultsEraser,
  accountMailEraser,
  rateLimitEraser,
  newsletterCounterEraser,
  auditEraser,
];
