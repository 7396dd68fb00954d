import { eqInstrument } from "./instruments/eq";
import { iqInstrument } from "./instruments/iq";
import { leadershipInstrument } from "./instruments/leadership";
import { personalityInstrument } from "./instruments/personality";
import type { Instrument } from "./types";

/** Everything the database seed upserts, in the order the tests page lists them. */
export const INSTRUMENTS: Instrument[] = [personalityInstrument, iqInstrument, eqInstrument, leadershipInstrument];
