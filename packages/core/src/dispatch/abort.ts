import type { ToolCallContext, ToolEntry } from '../types.js'

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

/**
 * One handler call under `ctx.signal`: an aborted signal wins before the call (the handler is
 * not called), during it, or set by the handler itself. Without a signal the handler's own
 * value is returned, so a synchronous result costs no extra await (dispatch overhead).
 */
export const callHandler = (e: ToolEntry, args: object, ctx: ToolCallContext): unknown => {
  const signal = ctx.signal
  // Called as the entry's method: a lazy table's shared placeholder handler reads its tool's name off `this`.
  const r = signal?.aborted ? ABORTED : e.handler(args as Record<string, unknown>, ctx)
  return signal ? race(r, signal) : r
}
