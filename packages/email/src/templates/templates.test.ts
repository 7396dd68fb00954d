import { describe, expect, it } from "vitest";
import {
  bookingCancellation,
  bookingConfirmation,
  bookingNotice,
  bookingReminder,
  contactNotice,
  newsletterConfirm,
  newsletterHeaders,
  newsletterIssue,
  passwordReset,
  PRACTICE_NAME,
} from "./index";

const evil = `<script>alert("x")</script>`;
const when = { client: "Monday, March 3, 2025 at 10:00 AM GMT", coach: "Monday, March 3, 2025 at 5:00 AM EST" };

describe("templates", () => {
  it("password reset carries the link, the lifetime and the brand, and escapes the name", async () => {
    const mail = await passwordReset({
      name: evil,
      username: "ada.l",
      resetUrl: "https://coach.example/reset-password/tok123",
      expiresMinutes: 60,
    });
    expect(mail.subject).toContain("Reset your password");
    expect(mail.html).toContain('href="https://coach.example/reset-password/tok123"');
    expect(mail.html).toContain(PRACTICE_NAME);
    expect(mail.html).toContain("60 minutes");
    expect(mail.text).toContain("Your username is ada.l.");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toMatch(/<html[^>]*lang="en"/);
    expect(mail.text).toContain("https://coach.example/reset-password/tok123");
    expect(mail.text).not.toContain("<p");
  });

  it("newsletter confirmation and issue link where they should, with one-click unsubscribe headers", async () => {
    const confirm = await newsletterConfirm({ confirmUrl: "https://coach.example/newsletter/confirm?t=abc" });
    expect(confirm.html).toContain("https://coach.example/newsletter/confirm?t=abc");
    expect(confirm.text).toContain("https://coach.example/newsletter/confirm?t=abc");

    const issue = await newsletterIssue({
      title: "Leading through change",
      summary: `Five habits ${evil}`,
      postUrl: "https://coach.example/continuous-leadership-education/leading-through-change",
      unsubscribeUrl: "https://coach.example/newsletter/unsubscribe?t=u1",
    });
    expect(issue.subject).toBe("Leading through change");
    expect(issue.html).toContain("https://coach.example/continuous-leadership-education/leading-through-change");
    expect(issue.html).toContain("https://coach.example/newsletter/unsubscribe?t=u1");
    expect(issue.html).not.toContain("<script>");
    expect(issue.headers).toEqual(newsletterHeaders("https://coach.example/newsletter/unsubscribe?t=u1"));
    expect(newsletterHeaders("https://x.example/u")).toEqual({
      "List-Unsubscribe": "<https://x.example/u>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("contact notice shows the visitor's details escaped, keeps the subject on one line and sets reply-to", async () => {
    const mail = await contactNotice({
      firstName: "Ada\r\nBcc: victim@example.com",
      lastName: evil,
      email: "ada@example.com",
      company: "Acme",
      subject: "executive-coaching",
      message: "Line one\nLine two <b>bold</b>",
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Executive Coaching");
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>bold</b>");
    expect(mail.html).toContain("Acme");
    expect(mail.text).toContain("Line two");
  });

  it("booking emails show the right zone to each side", async () => {
    const confirmation = await bookingConfirmation({
      name: evil,
      title: "Initial consultation",
      when,
      durationMinutes: 30,
      notes: "About my team",
      appointmentsUrl: "https://coach.example/appointments",
    });
    expect(confirmation.html).toContain(when.client);
    expect(confirmation.html).toContain("30 minutes");
    expect(confirmation.html).toContain("About my team");
    expect(confirmation.html).toContain("https://coach.example/appointments");
    expect(confirmation.html).not.toContain("<script>");

    const notice = await bookingNotice({
      name: "Ada Lovelace",
      email: "ada@example.com",
      title: "Initial consultation",
      when,
      durationMinutes: 30,
    });
    expect(notice.subject).toContain(when.coach);
    expect(notice.html).toContain("ada@example.com");

    const sameZone = await bookingReminder({
      name: "Ada",
      title: "Coaching Session",
      when: { client: "10:00", coach: "10:00" },
      durationMinutes: 60,
    });
    expect(sameZone.html).not.toContain("coach&#x27;s time");
    expect(sameZone.subject).toContain("Reminder");

    const toClient = await bookingCancellation({
      name: "Ada",
      title: "Coaching Session",
      when,
      bookUrl: "https://coach.example/appointments",
    });
    expect(toClient.html).toContain(when.client);
    expect(toClient.html).toContain("https://coach.example/appointments");
    const toCoach = await bookingCancellation({ name: "Ada", title: "Coaching Session", when, recipient: "coach" });
    expect(toCoach.html).toContain(when.coach);
    expect(toCoach.html).toContain("Ada cancelled");
  });
});
