import { describeThrown, safeString, say } from '../describe.js'
import type { CheckFn, Logger, ToolAvailabilityReport, ToolEntry, ToolsetStatus } from '../types.js'

export interface CheckSettings {
  logger: Logger
  now: () => number
  checkTimeoutMs: number
}

/**
 * Runs a probe under a real-timer timeout; a late settlement is ignored. Resolves
 * (never rejects) to `true` or the failure reason. The check runs a microtask later,
 * once the probe is in flight: a check that asks for definitions synchronously
 * then shares this probe instead of recursing.
 */
const probe = (fn: CheckFn, ms: number) =>
  new Promise<true | string>(resolve => {
    const timer = ms < Infinity ? setTimeout(resolve, ms, `timed out after ${ms} ms`) : undefined
    Promise.resolve()
      .then(fn)
      .then(
        v => !!v || 'returned ' + safeString(v),
        e => describeThrown(e).join(': '),
      )
      .then(v => {
        clearTimeout(timer)
        resolve(v)
      })
  })

export interface CheckCache {
  /** Forgets verdicts and last-good times; probes in flight can no longer write. */
  clear(): void
  /** One verdict per distinct check function of `entries`: each is probed at most once. Never rejects. */
  verdicts(entries: readonly ToolEntry[]): Promise<Map<CheckFn, boolean>>
}

/**
 * The flake-tolerant verdict cache, keyed by check-function identity: a verdict
 * holds 30 s; a failure within 60 s of the last success is a flake (available, not cached).
 * Weak maps: a verdict dies with its check function, so tools that come and go leave nothing behind.
 */
export function createCheckCache(settings: CheckSettings): CheckCache {
  /** fn → [verdict, when, last success]. */
  let cache = new WeakMap<CheckFn, [ok: boolean, at: number, good?: number]>()
  let inflight = new WeakMap<CheckFn, Promise<boolean>>()

  const check = (fn: CheckFn, label: string): boolean | Promise<boolean> => {
    const t = settings.now()
    const cached = cache.get(fn)
    if (cached && t - cached[1] < 30_000) return cached[0]
    const mine = inflight
    let p = mine.get(fn)
    if (!p) {
      p = probe(fn, settings.checkTimeoutMs).then(v => {
        const ok = v === true
        // A clear() while probing swapped the maps: this result is stale and must not be cached.
        const current = mine === inflight && mine.delete(fn)
        const good = cache.get(fn)?.[2]
        const flake = !ok && good! > t - 60_000
        if (!ok) say(settings.logger, 'warn', `'${label}' check failed (${v})${flake ? ', within grace' : ''}`)
        if (current && !flake) cache.set(fn, [ok, t, ok ? t : good])
        return ok || flake
      })
      mine.set(fn, p)
    }
    return p
  }

  return {
    clear() {
      cache = new WeakMap()
      inflight = new WeakMap()
    },
    async verdicts(entries) {
      const out = new Map<CheckFn, boolean | Promise<boolean>>()
      for (const { checkFn: fn, name } of entries) if (fn && !out.has(fn)) out.set(fn, check(fn, name))
      // Every probe resolves, so awaiting them one by one leaves none unhandled.
      for (const [fn, p] of out) out.set(fn, await p)
      return out as Map<CheckFn, boolean>
    },
  }
}

const sorted = <T>(items: Iterable<T>) => [...items].sort()

/**
 * Toolset → its status; available when one of its tools has no check or passes it (only
 * all-checked toolsets are probed).
 */
export async function toolsetStatuses(
  checks: CheckCache,
  groups: Map<string, ToolEntry[]>,
): Promise<[string, ToolsetStatus][]> {
  const v = await checks.verdicts([...groups.values()].filter(l => l.every(e => e.checkFn)).flat())
  return [...groups].map(([t, l]) => [
    t,
    {
      available: l.some(e => !e.checkFn || v.get(e.checkFn)),
      tools: sorted(l.map(e => e.name)),
      requirements: sorted(new Set(l.flatMap(e => e.requiresEnv))),
    },
  ])
}

/** The statuses as `checkToolAvailability` reports them. */
export function availabilityReport(statuses: [string, ToolsetStatus][]): ToolAvailabilityReport {
  const report: ToolAvailabilityReport = { available: [], unavailable: [] }
  for (const [name, s] of statuses) {
    if (s.available) report.available.push(name)
    else report.unavailable.push({ name, envVars: s.requirements, tools: s.tools })
  }
  return report
}
