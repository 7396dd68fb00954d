// @ts-check

/**
 * Ends a child process the test harnesses started (SIGTERM: it finishes what it is doing) and
 * resolves once it is gone; a process already gone resolves at once.
 * @param {import("node:child_process").ChildProcess | undefined} child
 */
export async function terminate(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}
