/**
 * A second Drizzle instance over a test database's own client that records every SQL statement it
 * sends, so a test can count what a request really asked the database (not how long it took).
 */
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { schema, type Database, type DbHandle } from "@coach/db";

export function withQueryLog(handle: DbHandle): { db: Database; queries: string[] } {
  const queries: string[] = [];
  const config = { schema, casing: "snake_case" as const, logger: { logQuery: (query: string) => void queries.push(query) } };
  const client = (handle.db as unknown as { $client: never }).$client;
  const db = (handle.kind === "postgres" ? drizzlePostgres(client, config) : drizzlePglite(client, config)) as unknown as Database;
  return { db, queries };
}
