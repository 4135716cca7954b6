// A conversation's tool surface: the tools the model sees at first, the search tool that
// loads deferred ones from the build's index, and every call routed through `dispatch`
// (see the core README, "Deferred loading and tool search").
import { toolError } from '../dispatch/envelope.js'
import { preloadLazy } from '../lazy/lazy.js'
import type { ToolRegistry } from '../registry/registry.js'
import { findTools } from '../search/find-tools.js'
import { searchTools } from '../search/search.js'
import type { ToolCallContext, ToolDefinition, ToolResult } from '../types.js'
import { type DeferOption, deferredNames } from './defer.js'

export interface ToolSurfaceOptions {
  /** Which tools are deferred (besides those registered with `defer: true`). */
  defer?: DeferOption
  /** The search tool's name (default `find_tools`). */
  searchName?: string
  /** Tools one search loads (default 5; the model may ask for up to `maxLimit`, default 20). */
  limit?: number
  maxLimit?: number
  /** Only these toolsets or aliases are offered (default: every tool). */
  toolsets?: readonly string[]
  /** As for `getDefinitions`: tools whose `requiresEnv` is not met are left out. */
  env?: Record<string, unknown>
  /**
   * A call to a deferred tool the model has not loaded: `'load'` (default) loads and runs it,
   * `'refuse'` answers an error envelope telling the model to search first.
   */
  unloaded?: 'load' | 'refuse'
  /** Told each deferred tool loaded by a search or by a call (`by`). */
  onLoad?: (name: string, by: 'search' | 'call') => void
}

export interface ToolSurface {
  readonly registry: ToolRegistry
  /** The search tool's name. */
  readonly searchName: string
  isDeferred(name: string): boolean
  /** The definitions the model sees first: the tools not deferred, by name, then the search tool when any tool is deferred. */
  initial(): Promise<ToolDefinition[]>
  /** The deferred tools' definitions, by name. */
  deferred(): Promise<ToolDefinition[]>
  /** The deferred tools loaded so far, in the order they were loaded. */
  readonly loaded: readonly string[]
  /** `initial()` then the loaded tools, appended so that the prompt's prefix stays the same: for clients with no native deferral. */
  current(): Promise<ToolDefinition[]>
  /** The deferred tools best matching `query` (best first), now loaded. */
  search(query: string, limit?: number): Promise<ToolDefinition[]>
  /** The search tool's call with the model's arguments (`{ query, limit? }`, anything else read as no query). */
  find(args: unknown): Promise<ToolDefinition[]>
  /** Runs a model's call: the search tool from the index, every other tool through `dispatch`. */
  call(name: string, args?: unknown, ctx?: ToolCallContext): Promise<ToolResult>
  /** The search tool's answer as text for clients without a native form: `{ tools: [function…] }`. */
  searchAnswer(found: readonly ToolDefinition[]): string
}

/** The tool surface of one conversation (it remembers what the model has loaded). */
export function createToolSurface(registry: ToolRegistry, options: ToolSurfaceOptions = {}): ToolSurface {
  const searchName = options.searchName ?? 'find_tools'
  const maxLimit = options.maxLimit ?? 20
  const limit = options.limit ?? 5
  const search = findTools(registry, { name: searchName, limit, maxLimit })
  const searchDefinition = (): ToolDefinition => ({
    type: 'function',
    function: { ...(search.schema as ToolDefinition['function']), name: searchName },
  })
  let memo: { generation: number; deferred: Set<string> } | undefined
  const deferredSet = () => {
    if (memo?.generation !== registry.generation)
      memo = { generation: registry.generation, deferred: deferredNames(registry, options.defer) }
    return memo.deferred
  }
  const offered = () =>
    options.toolsets ? options.toolsets.flatMap(t => registry.resolveToolset(t)) : registry.getAllToolNames()
  // Sorted by name (as `getDefinitions` answers), so two builds or two listings give the same bytes.
  const definitions = (names: Iterable<string>) => registry.getDefinitions(names, { env: options.env })
  const loaded: string[] = []
  const load = (name: string, by: 'search' | 'call') => {
    if (loaded.includes(name)) return
    loaded.push(name)
    options.onLoad?.(name, by)
  }
  const surface: ToolSurface = {
    registry,
    searchName,
    loaded,
    isDeferred: name => name !== searchName && deferredSet().has(name),
    async initial() {
      const d = deferredSet()
      const all = offered().filter(n => n !== searchName)
      const defs = await definitions(all.filter(n => !d.has(n)))
      return all.some(n => d.has(n)) ? [...defs, searchDefinition()] : defs
    },
    deferred: () => definitions(offered().filter(n => deferredSet().has(n))),
    async current() {
      const first = await surface.initial()
      const later = await registry.getDefinitions(loaded, { env: options.env })
      const at = new Map(later.map(d => [d.function.name, d]))
      return [...first, ...loaded.flatMap(n => at.get(n) ?? [])]
    },
    async search(query, n = limit) {
      const count = Math.min(Math.max(1, Math.floor(Number(n)) || limit), maxLimit)
      const allowed = new Set(offered())
      const d = deferredSet()
      // Ask for enough hits that `count` deferred ones survive the filter: the offered tools that are not deferred may rank first.
      const loadedFirst = [...allowed].filter(n => !d.has(n)).length
      const hits = await searchTools(registry, String(query), {
        limit: count + loadedFirst + 1,
        toolsets: options.toolsets,
        env: options.env,
      })
      const found = hits.filter(h => d.has(h.function.name) && allowed.has(h.function.name)).slice(0, count)
      for (const f of found) load(f.function.name, 'search')
      void preloadLazy(
        registry,
        found.map(f => f.function.name),
      )
      return found
    },
    find(args) {
      const a = Object(args) as { query?: unknown; limit?: unknown }
      return surface.search(typeof a.query == 'string' ? a.query : '', typeof a.limit == 'number' ? a.limit : limit)
    },
    async call(name, args, ctx) {
      if (name === searchName) return surface.searchAnswer(await surface.find(args))
      if (surface.isDeferred(name) && !loaded.includes(name)) {
        if (options.unloaded === 'refuse')
          return toolError(`Tool ${name} is not loaded: call ${searchName} to find and load it first`, {
            error_type: 'tool_not_loaded',
            tool: name,
          })
        load(name, 'call')
      }
      return registry.dispatch(name, args, ctx as ToolCallContext)
    },
    searchAnswer: found => JSON.stringify({ tools: found.map(d => d.function) }),
  }
  return surface
}
