"use client";

import { useEffect, type RefObject } from "react";

/**
 * A controlled field starts from its state, but a visitor may type before the page hydrates (its
 * bundles start after the first paint, server/paint-first.mjs). Whatever the field holds by then
 * becomes the state, so the text on screen is the text that is sent, and buttons that wait for it
 * enable.
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, setValue: (value: string) => void) {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) setValue(typed);
    // A ref and a state setter never change: this runs once, at hydration; later typing goes through onChange.
  }, [field, setValue]);
}
