/**
 * Company billing forms (issue 31): `PUT /api/admin/clients/{id}/billing`, `POST /api/admin/invoices`
 * and the retreat application. Messages name the field to fix.
 */
import { z } from "zod";
import { INVOICE_CREDIT_TIMINGS } from "@coach/db/enums";
import { numberFromText } from "./text-or-json";

const text = (label: string, max: number, min = 1) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(min, min === 1 ? `${label} is required.` : `${label} needs at least ${min} characters.`)
    .max(max, `${label} can be at most ${max} characters.`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Stripe's tax id types a European or North American company is likely to give. */
export const TAX_ID_TYPES = ["eu_vat", "gb_vat", "ch_vat", "no_vat", "us_ein", "ca_bn", "au_abn"] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

const EU_PREFIXES = new Set("AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI".split(" "));

/** The type of a VAT number from its country prefix (DE123456789 is eu_vat); undefined when it cannot tell. */
export function inferTaxIdType(taxId: string): TaxIdType | undefined {
  const prefix = taxId.slice(0, 2).toUpperCase();
  if (EU_PREFIXES.has(prefix)) return "eu_vat";
  if (prefix === "GB") return "gb_vat";
  if (prefix === "CH") return "ch_vat";
  if (prefix === "NO") return "no_vat";
  return undefined;
}

export const billingAddressInput = z.object(
  {
    line1: text("The street address", 200),
    line2: optionalText("The second address line", 200).transform((v) => v ?? undefined),
    postalCode: text("The postal code", 20),
    city: text("The city", 100),
    region: optionalText("The region", 100).transform((v) => v ?? undefined),
    country: z
      .string({ message: "The country is required (two letters, e.g. DE)." })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "The country is two letters, e.g. DE or US.")
      .transform((c) => c.toUpperCase()),
  },
  { message: "address is { line1, postalCode, city, country }." },
);

/** `PUT /api/admin/clients/{id}/billing`: the fields, and the rule that a tax ID's kind must be known. */
export const billingProfileFields = z.object({
  companyName: text("The company name", 200),
  address: billingAddressInput,
  taxId: optionalText("The tax ID", 40).transform((v) => (v ? v.replace(/\s+/g, "").toUpperCase() : null)),
  taxIdType: z
    .enum(TAX_ID_TYPES, { message: `taxIdType is one of ${TAX_ID_TYPES.join(", ")}.` })
    .nullish()
    .transform((v) => v ?? null),
  poNumber: optionalText("The PO number", 100),
  billingEmail: z.string({ message: "The billing email is required." }).trim().email("The billing email must be an email address."),
  paymentTermsDays: numberFromText(
    z
      .number({ message: "Payment terms must be a number of days." })
      .int("Payment terms must be a whole number of days.")
      .min(0, "Payment terms cannot be negative.")
      .max(365, "Payment terms can be at most 365 days."),
  ).default(30),
});

/** Adds the tax-id rule to the fields (or to the fields extended with a path id). */
export const withTaxIdRule = <T extends z.ZodType<{ taxId: string | null; taxIdType: TaxIdType | null }>>(schema: T) =>
  schema.superRefine((p, ctx) => {
    if (p.taxId && !p.taxIdType && !inferTaxIdType(p.taxId))
      ctx.addIssue({
        code: "custom",
        path: ["taxIdType"],
        message: `Say which kind of tax ID ${p.taxId} is (taxIdType: ${TAX_ID_TYPES.join(", ")}).`,
      });
  });

export const billingProfileInput = withTaxIdRule(billingProfileFields);
export type BillingProfileInput = z.output<typeof billingProfileFields>;

/** `POST /api/admin/invoices`: the price comes from the offer on the server, never from here. */
export const invoiceInput = z.object({
  clientId: numberFromText(z.number({ message: "clientId must be a client's id." }).int().positive("clientId must be a client's id.")),
  offerId: numberFromText(z.number({ message: "offerId must be an offer's id." }).int().positive("offerId must be an offer's id.")),
  poNumber: optionalText("The PO number", 100),
  creditsOn: z.enum(INVOICE_CREDIT_TIMINGS, { message: "creditsOn is issue or paid." }).default("paid"),
});
export type InvoiceInput = z.output<typeof invoiceInput>;

/** `POST /api/retreat/applications`. */
export const retreatApplicationInput = z.object({
  company: text("Your company", 200),
  role: text("Your role", 200),
  message: text("Your message", 4000, 20),
});
export type RetreatApplicationInput = z.output<typeof retreatApplicationInput>;
