/**
 * Everything stored about the signed-in person as one JSON document (docs/decisions/0016): each
 * domain reads its own section (registry.ts). Never a private note, a password hash, a token or
 * anything of another person; not what is only filed under their e-mail address (contact messages,
 * a newsletter subscription): nobody proves they own the address they register with, so an account
 * must not read, or erase, what someone else sent from it.
 */
import type { Database } from "@coach/db";
import { enforceRateLimit, waitWords } from "../shared/rate-limit";
import { rateLimitKey } from "../shared/rate-limit-keys";
import { EXPORTERS } from "./registry";
import { EXPORT_FORMAT, type AccountExport } from "./shapes";

const EXPORT_RATE = {
  name: "account-export",
  limit: 10,
  windowSeconds: 3600,
  message: (minutes: number) => `You have downloaded your data several times this hour. Please try again in ${waitWords(minutes)}.`,
};

/** The file name the REST export suggests. */
export const exportFileName = (username: string) => `my-data-${username.replace(/[^A-Za-z0-9_-]/g, "_")}.json`;

export async function exportAccount(db: Database, userId: number): Promise<AccountExport> {
  // Each export reads every table the account touches: a few an hour is plenty for a person.
  await enforceRateLimit(db, rateLimitKey.perUser(EXPORT_RATE.name, userId), EXPORT_RATE);
  // The account first: it answers 404 for an account deleted meanwhile.
  const account = await EXPORTERS.account.read(db, userId);
  const rest = Object.entries(EXPORTERS).filter(([name]) => name !== "account");
  const read = await Promise.all(rest.map(async ([name, exporter]) => [name, await exporter.read(db, userId)] as const));
  return { format: EXPORT_FORMAT, exportedAt: new Date(), account, ...Object.fromEntries(read) } as AccountExport;
}
