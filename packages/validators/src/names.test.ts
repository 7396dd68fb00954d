import { describe, expect, it } from "vitest";
import { registerSchema } from "./auth";
import { contactFormSchema } from "./contact";
import { subscribeInput } from "./newsletter";

const account = { username: "grace_h", email: "grace@example.com", password: "tidal-basin-42", confirmPassword: "tidal-basin-42" };

describe("names (issue 17, finding 6)", () => {
  it("registration strips line breaks and control characters that would end a quoted CN= or a header early", () => {
    const parsed = registerSchema.parse({
      ...account,
      firstName: "Grace\r\nATTENDEE:mailto:evil@example.com",
      lastName: "Hop\u0000per\u202e",
    });
    expect(parsed.firstName).toBe("Grace ATTENDEE:mailto:evil@example.com");
    expect(parsed.firstName).not.toMatch(/[\r\n]/);
    expect(parsed.lastName).toBe("Hop per");
  });

  it("keeps what people write in names: letters of any script, apostrophes, quotes, hyphens", () => {
    const parsed = registerSchema.parse({ ...account, firstName: `Zoë "Kit"`, lastName: "O'Brien-Łukasz 山田" });
    expect(parsed.firstName).toBe(`Zoë "Kit"`);
    expect(parsed.lastName).toBe("O'Brien-Łukasz 山田");
  });

  it("a name of only control characters is no name", () => {
    expect(registerSchema.parse({ ...account, firstName: "\r\n\t" }).firstName).toBeUndefined();
    const contact = contactFormSchema.safeParse({
      firstName: "\n\n",
      lastName: "Hopper",
      email: "g@example.com",
      subject: "x",
      message: "hello",
    });
    expect(contact.success).toBe(false);
    expect(contact.error?.issues.map((i) => i.message)).toContain("First name is required");
  });

  it("newsletter and contact names are cleaned the same way", () => {
    expect(subscribeInput.parse({ email: "g@example.com", firstName: "Ada\nBcc: x@example.com" }).firstName).toBe("Ada Bcc: x@example.com");
  });
});
