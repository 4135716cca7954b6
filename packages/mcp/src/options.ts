import type { AttachMcpServerOptions } from './types.js'

/** Options with defaults applied and the filter as one predicate over raw MCP tool names. */
export interface ResolvedOptions {
  server: string
  accepts(tool: string): boolean
  /** The raw names the filter lists: `include` when given, else `exclude` (for the no-match warning). */
  filterNames: { key: 'include' | 'exclude'; names: ReadonlySet<string> } | undefined
  utilities: boolean
  verbose: boolean
  timeoutMs: number
  /** Bound on a whole tool call however often progress restarts `timeoutMs`. */
  maxTotalTimeoutMs: number
}

export const DEFAULT_TIMEOUT_MS = 60_000
/** Default bound on one tool call's whole run, progress or not: 10 minutes (never below `timeoutMs`). */
const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 600_000
// Timers overflow past 2^31-1 ms and would fire at once, so "no timeout" becomes the longest timer.
const MAX_TIMER_MS = 2_147_483_647

function stringList(value: unknown, key: string): ReadonlySet<string> | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every(item => typeof item === 'string')) {
    throw new TypeError(`attachMcpServer: "${key}" must be an array of strings`)
  }
  return new Set(value)
}

/** Programming errors throw `TypeError` at once, as the registry does. */
export function resolveOptions(options: AttachMcpServerOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('attachMcpServer: options must be an object')
  const { server, utilities = true, timeoutMs = DEFAULT_TIMEOUT_MS, verbose = false, maxTotalTimeoutMs } = options
  if (typeof server !== 'string' || server === '')
    throw new TypeError('attachMcpServer: "server" must be a non-empty string')
  if (typeof utilities !== 'boolean') throw new TypeError('attachMcpServer: "utilities" must be a boolean')
  if (typeof verbose !== 'boolean') throw new TypeError('attachMcpServer: "verbose" must be a boolean')
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0))
    throw new TypeError('attachMcpServer: "timeoutMs" must be a positive number')
  if (maxTotalTimeoutMs !== undefined && (typeof maxTotalTimeoutMs !== 'number' || !(maxTotalTimeoutMs > 0)))
    throw new TypeError('attachMcpServer: "maxTotalTimeoutMs" must be a positive number')
  const include = stringList(options.include, 'include')
  const exclude = stringList(options.exclude, 'exclude')
  const accepts = include ? (tool: string) => include.has(tool) : (tool: string) => !exclude?.has(tool)
  const filterNames = include
    ? { key: 'include' as const, names: include }
    : exclude
      ? { key: 'exclude' as const, names: exclude }
      : undefined
  const total = maxTotalTimeoutMs ?? Math.max(DEFAULT_MAX_TOTAL_TIMEOUT_MS, timeoutMs)
  return {
    server,
    accepts,
    filterNames,
    utilities,
    verbose,
    timeoutMs: Math.min(timeoutMs, MAX_TIMER_MS),
    maxTotalTimeoutMs: Math.min(total, MAX_TIMER_MS),
  }
}

/** Filter names no listed tool has (a typo, or a tool the server renamed), sorted. */
export function unmatchedFilterNames(options: ResolvedOptions, listed: readonly { name: string }[]): string[] {
  if (!options.filterNames) return []
  const present = new Set(listed.map(tool => tool.name))
  return [...options.filterNames.names].filter(name => !present.has(name)).sort()
}
