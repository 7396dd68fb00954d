/** Column and constraint helpers every table file shares. */
import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
