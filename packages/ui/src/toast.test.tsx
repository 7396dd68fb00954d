// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, toast, Toaster } from "./toast";

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe("Toaster", () => {
  it("shows one toast at a time: a newer one replaces the older", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Login successful", description: "Welcome back, ada" });
    });
    expect(screen.getByRole("status").textContent).toContain("Welcome back, ada");
    act(() => {
      toast({ title: "Logged out", description: "You have been successfully logged out." });
    });
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toContain("Logged out");
  });

  it("announces destructive toasts as alerts and closes on the close button", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Login failed", description: "Invalid username or password", variant: "destructive" });
    });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Invalid username or password");
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
