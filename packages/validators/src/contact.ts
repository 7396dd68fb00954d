import { z } from "zod";
import { cleanName } from "./names";

/**
 * The contact page form, shared by the browser (components/marketing/contact-form.tsx) and the server (procedure input).
 * Messages are the product specification's, section 5.
 */

export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export const CONTACT_SUBJECTS = [
  { value: "executive-coaching", label: "Executive Coaching" },
  { value: "leadership-development", label: "Leadership Development" },
  { value: "assessments", label: "Assessments" },
  { value: "strategic-planning", label: "Strategic Planning" },
  { value: "other", label: "Other" },
] as const;

/** The home page's contact block offers the services' own topics. */
export const HOME_CONTACT_SUBJECTS = [
  { value: "executive-coaching", label: "Executive Coaching" },
  { value: "leadership-development", label: "Leadership Development" },
  { value: "team-performance", label: "Team Performance" },
  { value: "other", label: "Other" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"] | (typeof HOME_CONTACT_SUBJECTS)[number]["value"];

const ALLOWED_SUBJECTS = new Set<string>([...CONTACT_SUBJECTS, ...HOME_CONTACT_SUBJECTS].map((s) => s.value));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

export const contactFormSchema = z.object({
  firstName: z
    .string({ message: "First name is required" })
    .transform(cleanName)
    .pipe(z.string().min(CONTACT_NAME_MIN, "First name is required").max(100, "First name must be at most 100 characters")),
  lastName: z
    .string({ message: "Last name is required" })
    .transform(cleanName)
    .pipe(z.string().min(CONTACT_NAME_MIN, "Last name is required").max(100, "Last name must be at most 100 characters")),
  email: z
    .string({ message: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  phone: optionalText(40, "Phone number must be at most 40 characters"),
  company: optionalText(200, "Company must be at most 200 characters"),
  subject: z.string({ message: "Please select a subject" }).refine((value) => ALLOWED_SUBJECTS.has(value), "Please select a subject"),
  message: z
    .string({ message: "Please enter a message (minimum 10 characters)" })
    .trim()
    .min(CONTACT_MESSAGE_MIN, "Please enter a message (minimum 10 characters)")
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  /**
   * Honeypot: a field hidden from people (and from assistive technology). Bots that fill every
   * field set it; the server then answers success without storing or mailing anything.
   */
  website: z.string().max(500).optional(),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;
