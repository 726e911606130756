/**
 * Resolves in a new task, so the browser can paint and handle input between two pieces of work:
 * the app's start-up loads its chunks one per task this way (decision 052), as one module graph
 * evaluates in a single task however large it is.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs each step in a task after the one before. */
export async function inTasks(steps: ReadonlyArray<() => Promise<unknown>>) {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
