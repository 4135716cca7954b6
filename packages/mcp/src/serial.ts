/**
 * Wraps a task so runs never overlap: while one runs, later calls share one queued run,
 * which starts after the current one settles and sees every change made until then.
 */
export function serialize(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let queued: Promise<void> | undefined
  const start = (): Promise<void> => {
    const run: Promise<void> = task().finally(() => {
      if (running === run) running = undefined
    })
    running = run
    return run
  }
  return () => {
    if (queued) return queued
    if (!running) return start()
    const next = running
      .catch(() => undefined) // the current run's failure belongs to its own callers
      .then(() => {
        queued = undefined
        return start()
      })
    queued = next
    return next
  }
}
