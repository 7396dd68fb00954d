/**
 * What a domain contributes to the account's export and erasure (docs/decisions/0016, 0025). Each
 * domain that stores something about a person exports it and erases it itself, through these two
 * small interfaces; `account/registry.ts` lists every contribution in one place. So no code erases
 * another domain's rows by knowing its key formats, and a domain that renames a key or adds a table
 * changes its own contribution.
 */
import type { z } from "zod";
import type { Database } from "@coach/db";
import type { Transaction } from "./db";

/** One section of the export document: its shape (the REST contract) and how to read it. */
export interface AccountExporter<S extends z.ZodType = z.ZodType> {
  shape: S;
  read(db: Database, userId: number): Promise<z.output<S>>;
}

/** The person being erased (their address in lower case) and the anonymous stand-in that keeps aggregate rows. */
export interface ErasureContext {
  tx: Transaction;
  person: { id: number; username: string; email: string };
  standIn: { id: number; username: string };
}

export interface ErasureOutcome {
  /** Figures for the audit entry of the deletion (e.g. canceledSessions). */
  figures?: Record<string, number>;
  /** Work outside the database once the erasure has committed (e.g. deleting calendar events). */
  afterCommit?: (db: Database) => Promise<void>;
}

/** Removes, or detaches from the person, every row of one domain that names them; runs in the deletion's transaction. */
export interface AccountEraser {
  name: string;
  erase(ctx: ErasureContext): Promise<ErasureOutcome | void>;
}
