import { describe, expect, it } from "vitest";
import { withTitlePrefix } from "./booking";
import { buildIcs, formatInBothZones, formatInZone, type BuildIcsInput } from "./ics";

/** Undo line folding and text escaping so assertions read like the calendar app shows it. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
const field = (ics: string, name: string) => {
  const line = unfold(ics)
    .split("\r\n")
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\\n/g, "\n")
    .replace(/\\([,;\\])/g, "$1");
};

const base: BuildIcsInput = {
  uid: "appointment-42@coach.example",
  start: new Date("2026-03-10T13:00:00Z"), // 9:00 AM in New York (EDT), 1:00 PM in London (GMT)
  end: new Date("2026-03-10T14:00:00Z"),
  title: withTitlePrefix("coaching", "Ada", "Quarterly review"),
  description: "Bring your 360 feedback, please.",
  organizer: { name: "Dr. Jane Coach", email: "jane@coach.example" },
  attendee: { name: "Ada Lovelace", email: "ada@client.example" },
  method: "REQUEST",
  sequence: 0,
  coachTimeZone: "America/New_York",
  clientTimeZone: "Europe/London",
  url: "https://coach.example/appointments",
  stamp: new Date("2026-03-01T12:00:00Z"),
};

describe("formatInZone", () => {
  it("writes the day, date, time and zone the way emails show it", () => {
    expect(formatInZone(base.start, "America/New_York")).toBe("Tuesday, March 10, 2026, 9:00 AM EDT (America/New_York)");
    expect(formatInZone(base.start, "Europe/London")).toBe("Tuesday, March 10, 2026, 1:00 PM GMT (Europe/London)");
  });

  it("uses the familiar abbreviation after the UK change (BST, not GMT+1)", () => {
    expect(formatInZone(new Date("2026-04-07T13:00:00Z"), "Europe/London")).toBe("Tuesday, April 7, 2026, 2:00 PM BST (Europe/London)");
  });

  it("puts both zones side by side, repeating the date only when it differs", () => {
    expect(formatInBothZones(base.start, "America/New_York", "Europe/London")).toBe(
      "Tuesday, March 10, 2026, 9:00 AM EDT (America/New_York) / 1:00 PM GMT (Europe/London)",
    );
    expect(formatInBothZones(new Date("2026-03-10T20:00:00Z"), "America/New_York", "Asia/Tokyo")).toBe(
      "Tuesday, March 10, 2026, 4:00 PM EDT (America/New_York) / Wednesday, March 11, 2026, 5:00 AM GMT+9 (Asia/Tokyo)",
    );
    expect(formatInBothZones(base.start, "America/New_York", "America/New_York")).toBe(
      "Tuesday, March 10, 2026, 9:00 AM EDT (America/New_York)",
    );
    expect(formatInBothZones(base.start, "America/New_York", "Not/AZone")).toBe("Tuesday, March 10, 2026, 9:00 AM EDT (America/New_York)");
  });
});

describe("buildIcs", () => {
  it("an invitation carries the stable UID, METHOD:REQUEST and UTC start/end", () => {
    const ics = buildIcs(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(field(ics, "METHOD")).toBe("REQUEST");
    expect(field(ics, "UID")).toBe("appointment-42@coach.example");
    expect(field(ics, "DTSTART")).toBe("20260310T130000Z");
    expect(field(ics, "DTEND")).toBe("20260310T140000Z");
    expect(field(ics, "DTSTAMP")).toBe("20260301T120000Z");
    expect(field(ics, "SEQUENCE")).toBe("0");
    expect(field(ics, "STATUS")).toBe("CONFIRMED");
    expect(field(ics, "SUMMARY")).toBe("Coaching Session: Quarterly review");
    expect(field(ics, "ORGANIZER")).toMatch(/mailto:jane@coach\.example/i);
    expect(unfold(ics)).toMatch(/ATTENDEE;RSVP=TRUE;[^\r\n]*:mailto:ada@client\.example/i);
  });

  it("the description states the time in the coach's and the client's zones", () => {
    expect(field(buildIcs(base), "DESCRIPTION")).toBe(
      [
        "Bring your 360 feedback, please.",
        "When: Tuesday, March 10, 2026, 9:00 AM EDT (America/New_York) / 1:00 PM GMT (Europe/London)",
        "Length: 60 minutes",
        "Details: https://coach.example/appointments",
      ].join("\n"),
    );
  });

  it("a cancellation reuses the UID with METHOD:CANCEL, STATUS:CANCELLED and a higher sequence", () => {
    const ics = buildIcs({ ...base, method: "CANCEL", sequence: 1 });
    expect(field(ics, "METHOD")).toBe("CANCEL");
    expect(field(ics, "STATUS")).toBe("CANCELLED");
    expect(field(ics, "UID")).toBe(base.uid);
    expect(field(ics, "SEQUENCE")).toBe("1");
    expect(field(ics, "DESCRIPTION")).toMatch(/^This appointment has been cancelled\.\n/);
    expect(unfold(ics)).not.toContain("RSVP=TRUE");
  });

  it("uses CRLF line endings and folds long lines, as calendar clients expect", () => {
    const ics = buildIcs(base);
    expect(ics.split("\r\n").every((l) => !l.includes("\n") && Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it("rejects inputs that would produce a broken invite", () => {
    expect(() => buildIcs({ ...base, end: base.start })).toThrow(RangeError);
    expect(() => buildIcs({ ...base, uid: " " })).toThrow(RangeError);
    expect(() => buildIcs({ ...base, sequence: -1 })).toThrow(RangeError);
  });
});

describe("names in the invitation", () => {
  it("cannot end the quoted CN early or inject a property with quotes and line breaks", () => {
    const ics = buildIcs({
      ...base,
      title: withTitlePrefix("coaching", 'Eve"\r\nATTENDEE:MAILTO:x@evil.example', "Review"),
      attendee: { name: 'Eve";ROLE=CHAIR:MAILTO:x@evil.example\r\nATTENDEE;CN="Mallory', email: "eve@client.example" },
    });
    const lines = unfold(ics).split("\r\n");
    const attendees = lines.filter((l) => l.startsWith("ATTENDEE"));
    expect(attendees).toHaveLength(1);
    expect(attendees[0]).toMatch(/;CN="Eve';ROLE=CHAIR:MAILTO:x@evil\.example ATTENDEE;CN='Mallory":mailto:eve@client\.example$/i);
    expect(lines.filter((l) => l.startsWith("ROLE") || l.startsWith("ATTENDEE:"))).toEqual([]);
    expect(field(ics, "SUMMARY")).not.toMatch(/[\r\n]/);
  });
});
