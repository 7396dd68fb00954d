"use client";

import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@coach/ui/button";

interface Props {
  /** the tab's name, for the message */
  name: string;
  children: ReactNode;
  onReset?: () => void;
}

/**
 * Keeps a failure inside one console tab: if the tab throws while rendering, only that tab shows a
 * message with a retry, and the other tabs keep working.
 */
class Boundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.name} tab failed to render`, error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
        <h2 className="font-semibold text-red-900">The {this.props.name} tab could not be shown</h2>
        <p className="mt-1 text-sm text-red-900">Something in this section failed to display. The other tabs still work.</p>
        <Button
          className="mt-4"
          variant="outline"
          onClick={() => {
            this.props.onReset?.();
            this.setState({ failed: false });
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}

export function TabBoundary({ name, children }: { name: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary name={name} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
