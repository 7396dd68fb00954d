/**
 * Issue 30, finding 2: what a client types into a booking (title, notes, intake answers, their name)
 * reaches the coach's spreadsheet as text, never as a formula her spreadsheet would run.
 */
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

describe("the coach's bookings export", () => {
  it("escapes every cell a client wrote that a spreadsheet would run as a formula", async () => {
    const admin = await createUser(handle.db, { role: "admin" });
    const { user } = await createUser(handle.db, { firstName: '=HYPERLINK("http://evil.example","Ada")', lastName: "Lovelace" });
    const start = new Date(Date.now() + 5 * 86_400_000);
    await handle.db.insert(schema.appointments).values({
      userId: user.id,
      title: "+1+cmd|' /C calc'!A0",
      description: "-2+3\nsecond line",
      appointmentType: "consultation",
      startTime: start,
      endTime: new Date(start.getTime() + 30 * 60_000),
      answers: [{ questionId: "focus", question: "What would you like to focus on?", answer: "@SUM(A1:A9)" }],
    });
    const { csv } = await (await callerAs(handle.db, admin.cookie)).admin.appointments.exportCsv({});
    const [header, row] = Papa.parse<string[]>(csv).data as [string[], string[]];
    const cell = (column: string) => row[header.indexOf(column)];
    expect(cell("client")).toBe('\'=HYPERLINK("http://evil.example","Ada") Lovelace');
    expect(cell("title")).toBe("'+1+cmd|' /C calc'!A0");
    expect(cell("notes")).toBe("'-2+3\nsecond line");
    expect(cell("What would you like to focus on?")).toBe("'@SUM(A1:A9)");
  });
});
