/** What a call ends with instead of a value when the caller's signal aborted. */
export const ABORTED = Symbol()

/**
 * Settles as `result` does, or with ABORTED as soon as `signal` is aborted (already, or later).
 * The listener goes on a signal of this call's own (`AbortSignal.any`), so calls sharing
 * one signal add none to it (no MaxListenersExceededWarning), and it is removed when the call settles.
 */
export const race = (result: unknown, signal: AbortSignal) =>
  new Promise((resolve, reject) => {
    const own = AbortSignal.any?.([signal]) ?? signal
    const stop = () => resolve(ABORTED)
    own.aborted ? stop() : own.addEventListener('abort', stop)
    Promise.resolve(result)
      .then(resolve, reject)
      .finally(() => own.removeEventListener('abort', stop))
  })
