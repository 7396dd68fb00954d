/**
 * Runs once when the server starts: fail fast on missing production settings, then open,
 * migrate and seed the database so the first visitor does not wait for it.
 */
import { isNodeRuntime } from "@coach/config/runtime";

export async function register() {
  if (!isNodeRuntime()) return;
  const { startServer } = await import("./server/startup");
  await startServer();
}
