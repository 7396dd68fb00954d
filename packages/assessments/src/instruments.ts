import type { Instrument } from "./types";

// Placeholder until the instrument content lands (issue 5).
export const INSTRUMENTS: Instrument[] = [];
