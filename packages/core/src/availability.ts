import { describeThrown, safeString } from './describe.js'
import type { CheckFn, Logger, ToolEntry } from './types.js'

export interface CheckSettings {
  logger: Logger
  now: () => number
  checkTimeoutMs: number
}

/** Runs a probe under a real-timer timeout; a late settlement is ignored. Resolves to `true` or the failure reason. */
const probe = (fn: CheckFn, ms: number) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = ms < Infinity ? setTimeout(reject, ms, Error(`timed out after ${ms} ms`)) : undefined
    new Promise((r) => r(fn())).then(resolve, reject).finally(() => clearTimeout(timer))
  }).then(
    (v) => !!v || 'returned ' + safeString(v),
    (e) => describeThrown(e).join(': '),
  )

export interface CheckCache {
  /** Forgets verdicts and last-good times; probes in flight can no longer write. */
  clear(): void
  /** One verdict per distinct check function of `entries`: each is probed at most once. */
  verdicts(entries: readonly ToolEntry[]): Promise<Map<CheckFn, boolean>>
}

/**
 * The flake-tolerant verdict cache, keyed by check-function identity: a verdict
 * holds 30 s; a failure within 60 s of the last success is a flake (available, not cached).
 */
export function createCheckCache(settings: CheckSettings): CheckCache {
  const verdicts = new Map<CheckFn, [ok: boolean, at: number]>()
  const lastGood = new Map<CheckFn, number>()
  let inflight = new Map<CheckFn, Promise<boolean>>()

  const check = (fn: CheckFn, label: string): Promise<boolean> => {
    const t = settings.now()
    const cached = verdicts.get(fn)
    if (cached && t - cached[1] < 30_000) return Promise.resolve(cached[0])
    const mine = inflight
    const p =
      mine.get(fn) ??
      probe(fn, settings.checkTimeoutMs).then((v) => {
        // A clear() while probing swapped the map: this result is stale and must not be cached.
        const current = mine === inflight && mine.delete(fn)
        const good = lastGood.get(fn)
        const flake = v !== true && good !== undefined && t - good < 60_000
        if (v !== true) settings.logger.warn(`toolreg: '${label}' check failed (${v})${flake ? ', within grace' : ''}`)
        if (current && !flake) {
          verdicts.set(fn, [v === true, t])
          if (v === true) lastGood.set(fn, t)
        }
        return v === true || flake
      })
    mine.set(fn, p)
    return p
  }

  return {
    clear() {
      verdicts.clear()
      lastGood.clear()
      inflight = new Map()
    },
    async verdicts(entries) {
      const pending = new Map<CheckFn, Promise<boolean>>()
      for (const { checkFn: fn, name } of entries) if (fn && !pending.has(fn)) pending.set(fn, check(fn, name))
      const out = new Map<CheckFn, boolean>()
      for (const [fn, p] of pending) out.set(fn, await p)
      return out
    },
  }
}
