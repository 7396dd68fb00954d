import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { errorMessage, isDatabaseConnectionError } from "./errors";

describe("isDatabaseConnectionError", () => {
  it("recognises the spec's connectivity messages and the server's 503", () => {
    expect(isDatabaseConnectionError(new Error("Control plane request failed: timeout"))).toBe(true);
    expect(isDatabaseConnectionError(new Error("The endpoint is disabled"))).toBe(true);
    const unavailable = new TRPCClientError("We're experiencing database connection issues. Please try again later.", {
      result: { error: { data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } } } as never,
    });
    expect(isDatabaseConnectionError(unavailable)).toBe(true);
  });

  it("does not mistake other failures for a database outage", () => {
    expect(isDatabaseConnectionError(new Error("Test not found"))).toBe(false);
    expect(isDatabaseConnectionError(null)).toBe(false);
    const forbidden = new TRPCClientError("Only the coach's admin accounts can do that.", {
      result: { error: { data: { code: "FORBIDDEN", httpStatus: 403 } } } as never,
    });
    expect(isDatabaseConnectionError(forbidden)).toBe(false);
  });
});

describe("errorMessage", () => {
  it("shows the server's message, or the spec's fallback for network noise", () => {
    expect(errorMessage(new Error("That time overlaps another booking."), "Failed to schedule appointment")).toBe(
      "That time overlaps another booking.",
    );
    expect(errorMessage(new Error("Failed to fetch"), "Failed to schedule appointment")).toBe("Failed to schedule appointment");
    expect(errorMessage(undefined, "Failed to cancel appointment")).toBe("Failed to cancel appointment");
  });
});
