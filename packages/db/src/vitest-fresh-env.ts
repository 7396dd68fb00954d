/* eslint-disable no-restricted-properties -- test harness: puts back the environment between test files; it reads no application setting */
/**
 * Every test file starts from the environment its worker started with. Test files share their
 * worker's loaded modules (`isolate: false` in vitest-projects.ts, decision 61), and many set
 * APP_URL, DATA_DIR or a Stripe key for themselves; one file's settings must not reach the next
 * (an https APP_URL leaking in renamed the session cookie of a later file). What Vitest itself sets
 * per file (its own variables and the project's TEST_DB_DRIVER) is left as it set it.
 */
const KEPT = (key: string) => key.startsWith("VITEST") || key === "TEST_DB_DRIVER";
const state = globalThis as { __coachWorkerEnv?: Record<string, string | undefined> };
const start = (state.__coachWorkerEnv ??= { ...process.env });

for (const key of Object.keys(process.env)) if (!KEPT(key) && !(key in start)) delete process.env[key];
for (const [key, value] of Object.entries(start)) if (!KEPT(key) && value !== undefined) process.env[key] = value;
