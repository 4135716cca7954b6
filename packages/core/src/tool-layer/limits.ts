import { say } from '../describe.js'
import { ABORTED, race } from '../dispatch/abort.js'
import { during, type CallState } from './nested.js'
import type { Logger, ToolCallContext, ToolEntry } from '../types.js'

/** What a call ends with instead of a value when the tool's `timeoutMs` passed (ABORTED: the caller's signal aborted). */
export const TIMED_OUT = Symbol()

/** One signal that aborts when any of `signals` does (`AbortSignal.any` where present). */
const anySignal = (signals: AbortSignal[]): AbortSignal => {
  if (AbortSignal.any) return AbortSignal.any(signals)
  const c = new AbortController()
  for (const s of signals) s.aborted ? c.abort(s.reason) : s.addEventListener('abort', () => c.abort(s.reason))
  return c.signal
}

/** The caller's signal joined by a timer of `ms` (none: the caller's alone). */
const within = (caller: AbortSignal | undefined, ms: number | undefined) => {
  if (!ms) return caller
  const timer = AbortSignal.timeout(ms)
  return caller ? anySignal([caller, timer]) : timer
}

/** `value` awaited, or ABORTED when `signal` aborts first. */
export const until = (value: unknown, signal: AbortSignal | undefined) => (signal ? race(value, signal) : value)

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  typeof (v as AsyncIterable<unknown>)?.[Symbol.asyncIterator] == 'function'

/** A macrotask: timers (the timeout's, the caller's) get to run. */
const tick = () => new Promise(resolve => setTimeout(resolve, 0))
/**
 * Values pulled between two macrotasks at most. A generator that yields without waiting for I/O
 * settles every `next()` in a microtask, and timers never fire while microtasks keep coming.
 */
const PULLS_PER_TICK = 256

/**
 * A streaming handler's values: every one but the last to `ctx.onProgress` (a throwing listener is
 * logged), the last is the result; an abort or the timeout stops the iteration (the generator's
 * `finally` runs). `stopped` settles when the generator has really stopped.
 */
async function drain(
  it: AsyncIterable<unknown>,
  ctx: ToolCallContext,
  logger: Logger,
  name: string,
  stopped?: (p: Promise<unknown>) => void,
) {
  const i = it[Symbol.asyncIterator]()
  let last: unknown
  let has = false
  for (let pulls = 1; ; pulls++) {
    if (pulls % PULLS_PER_TICK == 0) await tick()
    // Nothing more is pulled once aborted (a listener may abort from `onProgress`).
    const step = (ctx.signal?.aborted ? ABORTED : await until(i.next(), ctx.signal)) as
      | IteratorResult<unknown>
      | typeof ABORTED
    if (step === ABORTED) {
      const end = Promise.resolve(i.return?.())
      stopped ? stopped(end.catch(() => {})) : end.catch(() => {})
      return ABORTED
    }
    if (step.done) return last
    if (has) {
      try {
        ctx.onProgress?.(last)
      } catch (err) {
        say(logger, 'warn', `'${name}' onProgress failed:`, err)
      }
    }
    last = step.value
    has = true
  }
}

/**
 * One handler call: its `timeoutMs` joins the caller's signal in the `ctx.signal` the handler
 * sees. `stopped` (when a slot waits for it) gets a promise that settles when the handler itself
 * has stopped, which may be after the call's answer (a handler that ignores its signal runs on).
 */
async function attempt(
  e: ToolEntry,
  args: object,
  ctx: ToolCallContext,
  logger: Logger,
  state: CallState,
  stopped?: (p: Promise<unknown>) => void,
): Promise<unknown> {
  const caller = ctx.signal
  const signal = within(caller, e.timeoutMs)
  const c = signal === caller ? ctx : { ...ctx, signal }
  // Called as the entry's method: a lazy table's shared placeholder handler reads its tool's name off `this`.
  const raw = signal?.aborted ? ABORTED : during(state, () => e.handler(args as Record<string, unknown>, c))
  stopped?.(Promise.resolve(raw).catch(() => {}))
  let r = signal ? await race(raw, signal) : await raw
  if (r !== ABORTED && isAsyncIterable(r)) r = await drain(r, c, logger, e.name, stopped)
  return r === ABORTED && !caller?.aborted ? TIMED_OUT : r
}

/** Per tool entry: calls running, and the calls waiting for a slot (first come, first served). */
const gates = new WeakMap<ToolEntry, { running: number; waiting: (() => void)[] }>()

/** A slot among the tool's `maxConcurrency`: its release function, or ABORTED when `signal` aborts while waiting. */
function acquire(e: ToolEntry, signal: AbortSignal | undefined): Promise<(() => void) | typeof ABORTED> {
  let g = gates.get(e)
  if (!g) gates.set(e, (g = { running: 0, waiting: [] }))
  const gate = g
  // The slot passes straight to the next waiter, so no later caller can overtake it.
  const release = () => {
    const next = gate.waiting.shift()
    next ? next() : gate.running--
  }
  if (signal?.aborted) return Promise.resolve(ABORTED)
  if (gate.running < e.maxConcurrency!) return (gate.running++, Promise.resolve(release))
  return new Promise(resolve => {
    const go = () => {
      signal?.removeEventListener('abort', stop)
      resolve(release)
    }
    const stop = () => {
      gate.waiting.splice(gate.waiting.indexOf(go), 1)
      resolve(ABORTED)
    }
    gate.waiting.push(go)
    signal?.addEventListener('abort', stop, { once: true })
  })
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/**
 * The handler under the tool's limits: a concurrency slot (waiting for it counts against
 * `timeoutMs` too), then attempts until one settles, retrying only what the handler threw (a
 * timeout or an abort is an answer, never retried). The slot is held until the handler itself
 * has stopped, not only until the call is answered. `state.attempts` counts the handler calls.
 */
export async function execute(
  e: ToolEntry,
  args: object,
  ctx: ToolCallContext,
  logger: Logger,
  state: CallState,
): Promise<unknown> {
  const caller = ctx.signal
  // The common tool: one attempt, no slot to hold.
  if (!e.maxConcurrency && !e.retry) return (state.attempts++, attempt(e, args, ctx, logger, state))
  const release = e.maxConcurrency ? await acquire(e, within(caller, e.timeoutMs)) : undefined
  if (release === ABORTED) return caller?.aborted ? ABORTED : TIMED_OUT
  let running: Promise<unknown> | undefined
  const stopped = (p: Promise<unknown>) => (running = p)
  try {
    for (;;) {
      state.attempts++
      try {
        return await attempt(e, args, ctx, logger, state, stopped)
      } catch (err) {
        const r = e.retry
        if (!r || state.attempts >= r.attempts || caller?.aborted || !(r.retryOn?.(err) ?? true)) throw err
        say(logger, 'warn', `'${e.name}' attempt ${state.attempts} of ${r.attempts} failed, retrying:`, err)
        if (r.backoffMs && (await until(sleep(r.backoffMs), caller)) === ABORTED) return ABORTED
      }
    }
  } finally {
    if (release) running ? running.then(release) : release()
  }
}
