// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "./field";

afterEach(cleanup);

describe("TextField", () => {
  it("labels the input and ties its error and hint to it for assistive technology", () => {
    render(<TextField label="Email" hint="We never share it." error="Invalid email address" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(["We never share it.", "Invalid email address"]);
    expect(screen.getByRole("alert").textContent).toBe("Invalid email address");
  });

  it("has no error state without a message", () => {
    render(<TextField label="Username" />);
    expect(screen.getByLabelText("Username").hasAttribute("aria-invalid")).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
