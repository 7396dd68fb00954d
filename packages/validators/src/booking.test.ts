import { describe, expect, it } from "vitest";
import { availableSlotsSchema, bookingFormSchema, createAppointmentSchema, parseSelectedSlot } from "./booking";
import { calendarSettingsSchema, isMaskedSecret, maskSecret } from "./calendar";

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("booking form", () => {
  it("uses the spec's messages for a short title and a missing slot", () => {
    const result = bookingFormSchema.safeParse({ title: " Hi ", description: "", selectedSlot: "" });
    expect([...new Set(messages(result))]).toEqual(["Title must be at least 3 characters.", "Please select a time slot."]);
  });

  it("accepts start|end and rejects reversed or malformed slots", () => {
    const ok = bookingFormSchema.safeParse({ title: "Strategy", selectedSlot: "2030-03-04T14:00:00.000Z|2030-03-04T15:00:00.000Z" });
    expect(ok.success).toBe(true);
    expect(parseSelectedSlot("2030-03-04T15:00:00.000Z|2030-03-04T14:00:00.000Z")).toBeNull();
    expect(parseSelectedSlot("nonsense")).toBeNull();
    expect(parseSelectedSlot("a|b|c")).toBeNull();
  });

  it("takes the spec's POST payload and refuses other statuses and reversed times", () => {
    const payload = {
      title: "Strategy",
      description: "",
      startTime: "2030-03-04T14:00:00.000Z",
      endTime: "2030-03-04T15:00:00.000Z",
      status: "scheduled",
    };
    const parsed = createAppointmentSchema.parse(payload);
    expect(parsed.startTime).toEqual(new Date("2030-03-04T14:00:00.000Z"));
    expect(parsed.description).toBeUndefined();
    expect(createAppointmentSchema.safeParse({ ...payload, status: "pending" }).success).toBe(false);
    expect(messages(createAppointmentSchema.safeParse({ ...payload, endTime: payload.startTime }))).toContain(
      "The end time must be after the start time.",
    );
  });

  it("limits one slot lookup to 31 days", () => {
    expect(availableSlotsSchema.safeParse({ startDate: "2030-03-04", endDate: "2030-03-11" }).success).toBe(true);
    expect(messages(availableSlotsSchema.safeParse({ startDate: "2030-03-04", endDate: "2030-06-04" }))).toEqual([
      "Ask for at most 31 days of slots at a time.",
    ]);
  });
});

describe("calendar settings form", () => {
  it("uses the spec's messages", () => {
    expect(messages(calendarSettingsSchema.safeParse({ clientId: "", clientSecret: " ", redirectUri: "nope" }))).toEqual([
      "Client ID is required",
      "Client Secret is required",
      "Must be a valid URL",
    ]);
    expect(calendarSettingsSchema.safeParse({ clientId: "id", clientSecret: "s", redirectUri: "javascript:alert(1)" }).success).toBe(false);
  });

  it("masks a secret without revealing short ones", () => {
    expect(maskSecret("GOCSPX-abcdefghijklmnop")).toBe("••••••••mnop");
    expect(maskSecret("short")).toBe("••••••••");
    expect(isMaskedSecret(maskSecret("GOCSPX-abcdefghijklmnop"))).toBe(true);
    expect(maskSecret("")).toBe("");
  });
});

describe("strange dates (issue 17, finding 5)", () => {
  it("refuses dates at the edge of JavaScript's range with a message, instead of failing later", () => {
    const result = createAppointmentSchema.safeParse({
      title: "Session",
      startTime: "+275760-09-12T23:30:00.000Z",
      endTime: "+275760-09-13T00:00:00.000Z",
    });
    expect(result.success).toBe(false);
    expect(messages(result)).toContain("Start time must be between the years 2000 and 2099.");
    const slots = availableSlotsSchema.safeParse({ startDate: "+275760-09-06T00:00:00.000Z", endDate: "+275760-09-12T23:30:00.000Z" });
    expect(messages(slots)).toContain("startDate must be between the years 2000 and 2099.");
  });

  it("a date that is not one gets its own message, and the window checks do not trip over it", () => {
    const slots = availableSlotsSchema.safeParse({ startDate: "abc" });
    expect(slots.success).toBe(false);
    expect(messages(slots)).toEqual(["startDate must be a date and time, e.g. 2026-03-10T14:00:00.000Z.", "endDate is required."]);
  });
});
