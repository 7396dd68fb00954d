/**
 * Runs once when the server starts: fail fast on missing production settings, then open,
 * migrate and seed the database so the first visitor does not wait for it.
 */
export async function register() {
  // Must stay a literal process.env read: Next inlines it per runtime, which drops the Node-only
  // import below from the edge bundle (a call into @coach/config/runtime would not).
  // eslint-disable-next-line no-restricted-properties -- compile-time constant, see above
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./server/startup");
  await startServer();
}
