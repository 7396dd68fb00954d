"use client";

import { useEffect, type RefObject } from "react";

/**
 * A controlled field starts from its state, but a visitor on a slow connection may type before the
 * page hydrates. Whatever the field holds by then becomes the state, so the text on screen is the
 * text that is sent, and buttons that wait for it enable (e2e/blog.spec.ts). Kept when the paint-first
 * loader went (issue 28): nothing a visitor typed may be lost (issue 32).
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, setValue: (value: string) => void) {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) setValue(typed);
    // A ref and a state setter never change: this runs once, at hydration; later typing goes through onChange.
  }, [field, setValue]);
}
