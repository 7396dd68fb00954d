/**
 * Work that runs after the answer has been sent (a password-reset e-mail, for example), one task at a
 * time. Answering first makes a request take the same time whatever the work would reveal, and running
 * one task at a time keeps a flood of requests from becoming a flood of concurrent work.
 * Tasks live in memory: a restart loses queued ones, which the person notices and repeats.
 */
import { log } from "./logger";

export interface Task {
  name: string;
  requestId?: string;
  run: () => Promise<void>;
}

/** Beyond this many waiting tasks new ones are dropped (and logged): memory stays bounded under a flood. */
const MAX_QUEUED = 1000;

export class TaskQueue {
  private readonly waiting: Task[] = [];
  private running: Promise<void> | undefined;

  /** `autoStart: false` leaves tasks queued until `drain()` (tests look at what a request queued). */
  constructor(private readonly options: { autoStart?: boolean } = {}) {}

  enqueue(task: Task): void {
    if (this.waiting.length >= MAX_QUEUED) {
      log("warn", "task dropped: queue full", { task: task.name, requestId: task.requestId });
      return;
    }
    this.waiting.push(task);
    if (this.options.autoStart !== false) void this.drain();
  }

  /** Names of the tasks still waiting, oldest first. */
  pending(): string[] {
    return this.waiting.map((task) => task.name);
  }

  /** Runs every waiting task (and any queued meanwhile); resolves when the queue is empty. */
  drain(): Promise<void> {
    this.running ??= (async () => {
      // After the current request's answer: the caller's await chain finishes first.
      await new Promise((resolve) => setImmediate(resolve));
      for (let task = this.waiting.shift(); task; task = this.waiting.shift()) {
        try {
          await task.run();
        } catch (error) {
          log("error", "task failed", { task: task.name, requestId: task.requestId, error });
        }
      }
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}

/** The process's queue (requests without a queue of their own use it). */
export const backgroundTasks = new TaskQueue();
