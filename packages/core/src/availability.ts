import { describeThrown, safeString } from './describe.js'
import type { CheckFn, Logger, ToolEntry } from './types.js'

/** A verdict is trusted this long (strict <). */
const TTL_MS = 30_000
/** A failure this soon after a success is treated as a flake (strict <). */
const GRACE_MS = 60_000

export interface CheckSettings {
  logger: Logger
  now: () => number
  checkTimeoutMs: number
}

/** Runs a probe under a real-timer timeout; a late settlement is ignored. */
function probe(fn: CheckFn, ms: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = ms < Infinity ? setTimeout(reject, ms, new Error(`timed out after ${ms} ms`)) : undefined
    new Promise((r) => r(fn())).then(resolve, reject).finally(() => clearTimeout(timer))
  })
}


/** The flake-tolerant verdict cache, keyed by check-function identity. */
export class CheckCache {
  #verdicts = new Map<CheckFn, { ok: boolean; at: number }>()
  #lastGood = new Map<CheckFn, number>()
  #inflight = new Map<CheckFn, Promise<boolean>>()
  // Bumped by clear() so probes started before it cannot write stale verdicts.
  #epoch = 0

  constructor(private readonly settings: CheckSettings) {}

  clear(): void {
    this.#verdicts.clear()
    this.#lastGood.clear()
    this.#inflight.clear()
    this.#epoch++
  }

  /** One verdict per distinct check function of `entries`: each is probed at most once. */
  async verdicts(entries: readonly ToolEntry[]): Promise<Map<CheckFn, boolean>> {
    const pending = new Map<CheckFn, Promise<boolean>>()
    for (const e of entries) {
      if (e.checkFn && !pending.has(e.checkFn)) pending.set(e.checkFn, this.#check(e.checkFn, e.name))
    }
    const out = new Map<CheckFn, boolean>()
    for (const [fn, p] of pending) out.set(fn, await p)
    return out
  }

  #check(fn: CheckFn, label: string): Promise<boolean> {
    const { now, checkTimeoutMs, logger } = this.settings
    const t = now()
    const cached = this.#verdicts.get(fn)
    if (cached && t - cached.at < TTL_MS) return Promise.resolve(cached.ok)
    const shared = this.#inflight.get(fn)
    if (shared) return shared
    const epoch = this.#epoch
    const p = probe(fn, checkTimeoutMs)
      .then(
        (v) => (v ? true : 'returned ' + safeString(v)),
        (e: unknown) => describeThrown(e).join(': '),
      )
      .then((v) => {
        const current = epoch === this.#epoch
        if (current) this.#inflight.delete(fn)
        if (v === true) {
          if (current) {
            this.#verdicts.set(fn, { ok: true, at: t })
            this.#lastGood.set(fn, t)
          }
          return true
        }
        const good = this.#lastGood.get(fn)
        if (good !== undefined && t - good < GRACE_MS) {
          logger.warn(`toolreg: check for '${label}' failed (${v}); still available within the grace window`)
          return true
        }
        logger.warn(`toolreg: check for '${label}' failed (${v}); unavailable for 30 s`)
        if (current) this.#verdicts.set(fn, { ok: false, at: t })
        return false
      })
    this.#inflight.set(fn, p)
    return p
  }
}
