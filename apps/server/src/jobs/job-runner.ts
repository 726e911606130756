/**
 * Runs the server's scheduled work (mail delivery, reminders, hold expiry) on intervals.
 * Jobs claim their rows with row locks, so any number of app nodes can run the same runner.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * One run. `stopping` is aborted when the runner stops: a job that works through a long list
   * ends after the item in hand, between items (the mail outbox does, decision 060).
   */
  run(stopping: AbortSignal): Promise<void>;
}

export interface JobState {
  name: string;
  intervalMs: number;
  running: boolean;
  lastRunAt: string | null;
  lastError: string | null;
  runs: number;
  failures: number;
}

export interface JobRunner {
  add(job: Job): void;
  start(): void;
  stop(): Promise<void>;
  /** Runs one job now (tests and admin actions), waiting for a run already in progress first. */
  runNow(name: string): Promise<void>;
  state(): { started: boolean; jobs: JobState[] };
}

export function createJobRunner(log: FastifyBaseLogger): JobRunner {
  const jobs = new Map<
    string,
    { job: Job; state: JobState; timer?: NodeJS.Timeout; current?: Promise<void> }
  >();
  let started = false;
  let stopping = new AbortController();

  function execute(name: string): Promise<void> {
    const entry = jobs.get(name);
    if (!entry) return Promise.reject(new Error(`Unknown job ${name}`));
    if (entry.current) return entry.current.then(() => execute(name));
    entry.state.running = true;
    entry.current = entry.job
      .run(stopping.signal)
      .then(() => {
        entry.state.lastError = null;
      })
      .catch((err: unknown) => {
        entry.state.failures += 1;
        entry.state.lastError = err instanceof Error ? err.message : String(err);
        log.error({ err, job: name }, 'job failed');
      })
      .finally(() => {
        entry.state.running = false;
        entry.state.runs += 1;
        entry.state.lastRunAt = new Date().toISOString();
        entry.current = undefined;
      });
    return entry.current;
  }

  function schedule(name: string) {
    const entry = jobs.get(name);
    if (!entry || !started) return;
    entry.timer = setTimeout(() => {
      void execute(name).finally(() => schedule(name));
    }, entry.job.intervalMs);
    entry.timer.unref();
  }

  return {
    add(job) {
      jobs.set(job.name, {
        job,
        state: {
          name: job.name,
          intervalMs: job.intervalMs,
          running: false,
          lastRunAt: null,
          lastError: null,
          runs: 0,
          failures: 0,
        },
      });
      if (started) schedule(job.name);
    },
    start() {
      if (started) return;
      started = true;
      stopping = new AbortController();
      for (const name of jobs.keys()) schedule(name);
    },
    async stop() {
      started = false;
      stopping.abort();
      for (const entry of jobs.values()) clearTimeout(entry.timer);
      await Promise.all([...jobs.values()].map((entry) => entry.current));
    },
    runNow: execute,
    state: () => ({ started, jobs: [...jobs.values()].map((entry) => ({ ...entry.state })) }),
  };
}
