import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeReasonForPeople } from "./errors";

describe("what a person reads of a failed Stripe call", () => {
  it("is Stripe's own words when it refused something the coach can correct", () => {
    const refused = new Stripe.errors.StripeInvalidRequestError({ message: "Invalid value for eu_vat.", type: "invalid_request_error" });
    expect(stripeReasonForPeople(refused)).toBe("Invalid value for eu_vat.");
  });

  it("names no address, key or internal detail when Stripe could not be reached or refused our key", () => {
    const down = new Stripe.errors.StripeConnectionError({ message: "connect ECONNREFUSED 10.0.0.7:443", type: "api_error" });
    for (const error of [down, new Error("socket hang up"), undefined])
      expect(stripeReasonForPeople(error)).toBe("Stripe could not be reached");
    const key = new Stripe.errors.StripeAuthenticationError({ message: "Invalid API Key provided: sk_live_****1234", type: "api_error" });
    expect(stripeReasonForPeople(key)).toBe("Stripe refused this site's payment settings");
  });
});
