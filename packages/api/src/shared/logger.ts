/** One JSON line per event. Never pass secrets, passwords, tokens or message bodies here. */
import { settings, type LogLevel } from "@coach/config";

type Level = LogLevel;
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const SECRET_KEYS = /pass(word)?|secret|token|authorization|cookie|api[-_]?key/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) {
    // Keep the chain (Drizzle wraps the driver's error) and the SQLSTATE; bound the message length.
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      // Drizzle's "Failed query: <sql> params: <values>" would put SQL and personal data in the log.
      message: value.message.startsWith("Failed query:") ? "Failed query (SQL text not logged)" : value.message.slice(0, 500),
      ...(typeof code === "string" ? { code } : {}),
      ...(value.cause !== undefined ? { cause: redact(value.cause, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? "[redacted]" : redact(v, depth + 1)]));
}

/** The logger must never throw: an invalid LOG_LEVEL is reported at start-up, here it means "info". */
function minimumLevel(): Level {
  try {
    return settings().logLevel;
  } catch {
    return "info";
  }
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < ORDER[minimumLevel()]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...(redact(fields) as object) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}
