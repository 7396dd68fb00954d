-- Payments (issue 31, decision 27). An `awaiting_payment` hold needs no change to 0001's no-overlap
-- constraint: it excludes every status but canceled, so a hold blocks its slot exactly like a booking.
CREATE TABLE "appointment_credits" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"credit_grant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"address" jsonb NOT NULL,
	"tax_id" text,
	"tax_id_type" text,
	"po_number" text,
	"billing_email" text NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"stripe_customer_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_stripeCustomerId_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "billing_profiles_terms_check" CHECK ("billing_profiles"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"appointment_type" text NOT NULL,
	"total" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"source" text NOT NULL,
	"payment_id" integer,
	"invoice_id" integer,
	"granted_by" integer,
	"note" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_type_check" CHECK (appointment_type in ('consultation', 'coaching', 'followup')),
	CONSTRAINT "credit_grants_source_check" CHECK (source in ('payment', 'invoice', 'coach')),
	CONSTRAINT "credit_grants_used_check" CHECK ("credit_grants"."used" >= 0 and "credit_grants"."used" <= "credit_grants"."total")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"stripe_invoice_id" text,
	"number" text,
	"hosted_invoice_url" text,
	"company_name" text NOT NULL,
	"address" jsonb NOT NULL,
	"billing_email" text NOT NULL,
	"po_number" text,
	"tax_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"credits_on" text DEFAULT 'paid' NOT NULL,
	"credits_granted_at" timestamp with time zone,
	"due_date" timestamp with time zone,
	"issued_by" integer,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_stripeInvoiceId_unique" UNIQUE("stripe_invoice_id"),
	CONSTRAINT "invoices_status_check" CHECK (status in ('draft', 'open', 'paid', 'void', 'overdue')),
	CONSTRAINT "invoices_purpose_check" CHECK (purpose in ('session', 'package', 'retreat_deposit', 'retreat_balance')),
	CONSTRAINT "invoices_currency_check" CHECK (currency in ('usd', 'eur', 'gbp', 'chf', 'cad', 'aud')),
	CONSTRAINT "invoices_credits_on_check" CHECK (credits_on in ('issue', 'paid')),
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"appointment_type" text,
	"sessions" integer,
	"valid_days" integer,
	"price_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deposit_amount" integer,
	"places" integer,
	"balance_due_days" integer,
	"starts_at" timestamp with time zone,
	"refund_schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind_check" CHECK (kind in ('session', 'package', 'retreat')),
	CONSTRAINT "offers_currency_check" CHECK (currency in ('usd', 'eur', 'gbp', 'chf', 'cad', 'aud')),
	CONSTRAINT "offers_type_check" CHECK (appointment_type in ('consultation', 'coaching', 'followup')),
	CONSTRAINT "offers_price_check" CHECK ("offers"."price_amount" > 0),
	CONSTRAINT "offers_kind_fields_check" CHECK (case "offers"."kind"
        when 'session' then "offers"."appointment_type" is not null and "offers"."sessions" = 1
        when 'package' then "offers"."appointment_type" is not null and "offers"."sessions" > 0 and "offers"."valid_days" > 0
        else "offers"."appointment_type" is null and "offers"."deposit_amount" > 0 and "offers"."deposit_amount" <= "offers"."price_amount"
          and "offers"."places" > 0 and "offers"."balance_due_days" >= 0 and "offers"."starts_at" is not null end)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"appointment_id" integer,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_stripeCheckoutSessionId_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "payments_purpose_check" CHECK (purpose in ('session', 'package', 'retreat_deposit', 'retreat_balance')),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'paid', 'expired', 'partially_refunded', 'refunded')),
	CONSTRAINT "payments_currency_check" CHECK (currency in ('usd', 'eur', 'gbp', 'chf', 'cad', 'aud')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"percent" integer,
	"stripe_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_stripeRefundId_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK (status in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_percent_check" CHECK ("refunds"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "retreat_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"company" text NOT NULL,
	"role" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"deposit_payment_id" integer,
	"balance_invoice_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retreat_applications_status_check" CHECK (status in ('pending', 'accepted', 'confirmed', 'waitlisted', 'offered', 'declined', 'canceled', 'lapsed'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_credits" ADD CONSTRAINT "appointment_credits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_credits" ADD CONSTRAINT "appointment_credits_credit_grant_id_credit_grants_id_fk" FOREIGN KEY ("credit_grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreat_applications" ADD CONSTRAINT "retreat_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreat_applications" ADD CONSTRAINT "retreat_applications_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreat_applications" ADD CONSTRAINT "retreat_applications_deposit_payment_id_payments_id_fk" FOREIGN KEY ("deposit_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retreat_applications" ADD CONSTRAINT "retreat_applications_balance_invoice_id_invoices_id_fk" FOREIGN KEY ("balance_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_credits_grant_idx" ON "appointment_credits" USING btree ("credit_grant_id");--> statement-breakpoint
CREATE INDEX "credit_grants_user_idx" ON "credit_grants" USING btree ("user_id","appointment_type");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_grants_payment_idx" ON "credit_grants" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_grants_invoice_idx" ON "credit_grants" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_intent_idx" ON "payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retreat_applications_live_idx" ON "retreat_applications" USING btree ("user_id","offer_id") WHERE "retreat_applications"."status" not in ('declined', 'canceled', 'lapsed');--> statement-breakpoint
CREATE INDEX "retreat_applications_offer_idx" ON "retreat_applications" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "appointments_hold_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_hold_check" CHECK (("appointments"."status" = 'awaiting_payment') = ("appointments"."hold_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK (status in ('pending', 'awaiting_payment', 'scheduled', 'canceled', 'completed'));