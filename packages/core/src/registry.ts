import { CheckCache, type CheckSettings } from './availability.js'
import { envSatisfied, toDefinition } from './definitions.js'
import { safeString } from './describe.js'
import { runTool, toolError, type DispatchSettings } from './dispatch.js'
import { createEntry } from './entry.js'
import { ToolOverrideError } from './errors.js'
import type {
  DefinitionOptions,
  PluginScope,
  RegisterMeta,
  RegistryListener,
  RegistryOptions,
  ToolAvailabilityReport,
  ToolCallContext,
  ToolDefinition,
  ToolDefinitionOptions,
  ToolEntry,
  ToolResult,
  ToolSchema,
  ToolSpec,
  ToolsetStatus,
} from './types.js'

type Settings = CheckSettings & DispatchSettings
/** Resolved, sorted entries of one `getToolDefinitions` option set. */
type Memo = { entries: ToolEntry[]; checked: boolean }

const isName = (v: unknown): v is string => typeof v == 'string' && v !== ''
const need = (ok: boolean, what: string) => {
  if (!ok) throw new TypeError('toolreg: ' + what)
}
const isMcp = (toolset: string) => toolset.startsWith('mcp-')
const sorted = (names: Iterable<string>) => [...names].sort()
const who = (owner?: string) => (owner === undefined ? '' : `, plugin '${owner}'`)

/** The tool table: registration rules, toolsets and aliases, availability, definitions and dispatch. */
export class ToolRegistry {
  #tools = new Map<string, ToolEntry>()
  /** Tool count per toolset: tells when the last tool of a toolset leaves. */
  #counts = new Map<string, number>()
  #aliases = new Map<string, string>()
  #policies = new Map<string, boolean>()
  #listeners: { fn: RegistryListener }[] = []
  #generation = 0
  #settings: Settings = {
    logger: console,
    now: () => performance.now(),
    checkTimeoutMs: 5000,
    onResultOverflow: undefined,
  }
  #checks = new CheckCache(this.#settings)
  #memo = new Map<string, Memo>()
  #memoGeneration = 0

  constructor(options?: RegistryOptions) {
    if (options) this.configure(options)
  }

  /** Applies the given options to this instance; absent (`undefined`) ones stay as they are. */
  configure(options: RegistryOptions): this {
    const { logger, now, checkTimeoutMs: ms, onResultOverflow: overflow } = options ?? {}
    const s = this.#settings
    if (logger !== undefined) {
      need(['debug', 'info', 'warn', 'error'].every((k) => typeof (logger as any)?.[k] == 'function'), 'logger needs debug, info, warn and error methods')
      s.logger = logger
    }
    if (now !== undefined) {
      need(typeof now == 'function', 'now must be a function')
      s.now = now
    }
    if (ms !== undefined) {
      need(typeof ms == 'number' && ms >= 0, 'checkTimeoutMs must be a number >= 0 (Infinity disables it)')
      s.checkTimeoutMs = ms
    }
    if (overflow !== undefined) {
      need(typeof overflow == 'function', 'onResultOverflow must be a function')
      s.onResultOverflow = overflow
    }
    return this
  }

  /** The logger in use, so companion packages log where the registry logs. */
  get logger() {
    return this.#settings.logger
  }

  /** Increases on every register, actual deregister and alias registration. */
  get generation() {
    return this.#generation
  }

  // ---- registration ----

  register(spec: ToolSpec, meta?: RegisterMeta): ToolEntry | undefined {
    return this.#register(spec, meta, undefined)
  }

  #register(spec: ToolSpec, meta: RegisterMeta | undefined, owner: string | undefined): ToolEntry | undefined {
    const entry = createEntry(spec, meta, owner)
    const { name, toolset } = entry
    const override = spec.override === true
    if (owner !== undefined && override && !this.#policies.get(owner)) throw new ToolOverrideError(owner, name, 'override')
    const old = this.#tools.get(name)
    const logger = this.#settings.logger
    if (old) {
      // A plugin never takes another owner's tool without override + opt-in (checked above).
      const foreign = owner !== undefined && old.owner !== owner
      const moves = old.toolset !== toolset
      const shadows = foreign || (moves && !(isMcp(old.toolset) && isMcp(toolset)))
      const at = entry.source ? ` at ${entry.source}` : ''
      if (shadows && !override) {
        logger.error(
          `toolreg: tool registration REJECTED: '${name}' (toolset '${toolset}'${who(owner)}${at}) would shadow the tool of toolset '${old.toolset}'${who(old.owner)}; pass override: true to replace it`,
        )
        return undefined
      }
      if (shadows) logger.info(`toolreg: overriding tool '${name}' of toolset '${old.toolset}' with toolset '${toolset}'${who(owner)}${at}`)
      else if (moves) logger.debug(`toolreg: MCP tool '${name}' moves from toolset '${old.toolset}' to '${toolset}'`)
    }
    // Map.set on an existing key keeps its registration position.
    this.#tools.set(name, entry)
    this.#counts.set(toolset, (this.#counts.get(toolset) ?? 0) + 1)
    if (old) this.#uncount(old.toolset)
    this.#bump('register', name, toolset)
    return entry
  }

  deregister(name: string): boolean {
    const e = this.#tools.get(name)
    if (!e) return false
    this.#tools.delete(name)
    this.#uncount(e.toolset)
    this.#bump('deregister', name, e.toolset)
    return true
  }

  /** A scope for third-party code: entries carry `owner: pluginId` and overrides need the operator's opt-in. */
  forPlugin(pluginId: string): PluginScope {
    need(isName(pluginId), 'pluginId must be a non-empty string')
    return Object.freeze({
      register: (spec: ToolSpec, meta?: RegisterMeta) => this.#register(spec, meta, pluginId),
      deregister: (name: string) => {
        const e = this.#tools.get(name)
        if (!e) return false
        if (e.owner !== pluginId && !isMcp(e.toolset) && !this.#policies.get(pluginId)) {
          throw new ToolOverrideError(pluginId, name, 'deregister')
        }
        return this.deregister(name)
      },
    })
  }

  /** Records the operator's `allowToolOverride` decision for a plugin (default false). */
  registerPluginOverridePolicy(pluginId: string, allowed: boolean): void {
    need(isName(pluginId), 'pluginId must be a non-empty string')
    this.#policies.set(pluginId, allowed === true)
  }

  /** Calls `listener` synchronously after every generation bump; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void {
    need(typeof listener == 'function', 'listener must be a function')
    const rec = { fn: listener }
    this.#listeners.push(rec)
    return () => {
      const i = this.#listeners.indexOf(rec)
      if (i >= 0) this.#listeners.splice(i, 1)
    }
  }

  #uncount(toolset: string) {
    const n = this.#counts.get(toolset)! - 1
    if (n > 0) return void this.#counts.set(toolset, n)
    this.#counts.delete(toolset)
    // The last tool left: aliases pointing here would now resolve to nothing.
    for (const [alias, target] of this.#aliases) if (target === toolset) this.#aliases.delete(alias)
  }

  #bump(type: 'register' | 'deregister' | 'alias', name: string, toolset: string) {
    const generation = ++this.#generation
    if (!this.#listeners.length) return
    const event = Object.freeze({ type, name, toolset, generation })
    for (const { fn } of [...this.#listeners]) {
      try {
        fn(event)
      } catch (err) {
        this.#settings.logger.error('toolreg: a registry listener threw:', err)
      }
    }
  }

  // ---- lookups ----

  getEntry(name: string): ToolEntry | undefined {
    return this.#tools.get(name)
  }
  has(name: string): boolean {
    return this.#tools.has(name)
  }
  getSchema(name: string): Readonly<ToolSchema> | undefined {
    return this.#tools.get(name)?.schema
  }
  getToolsetForTool(name: string): string | undefined {
    return this.#tools.get(name)?.toolset
  }
  /** An empty emoji counts as unset. */
  getEmoji(name: string, fallback = '⚡'): string {
    return this.#tools.get(name)?.emoji || fallback
  }
  getMaxResultSize(name: string, fallback?: number): number {
    return this.#tools.get(name)?.maxResultSizeChars ?? fallback ?? 100_000
  }
  getAllToolNames(): string[] {
    return sorted(this.#tools.keys())
  }
  getRegisteredToolsetNames(): string[] {
    return sorted(this.#counts.keys())
  }
  getToolNamesForToolset(toolset: string): string[] {
    const t = this.#toolsetOf(toolset)
    return this.#counts.has(t) ? sorted(this.#entriesOf(t).map((e) => e.name)) : []
  }
  /** Tool name → toolset, in registration order. */
  getToolToToolsetMap(): Map<string, string> {
    return new Map([...this.#tools].map(([n, e]) => [n, e.toolset]))
  }
  /** Entries in registration order (a copy). */
  snapshot(): ToolEntry[] {
    return [...this.#tools.values()]
  }

  // ---- toolsets and aliases ----

  registerToolsetAlias(alias: string, toolset: string): void {
    need(isName(alias) && isName(toolset), 'alias and toolset must be non-empty strings')
    const prev = this.#aliases.get(alias)
    if (prev !== undefined && prev !== toolset) {
      this.#settings.logger.warn(`toolreg: toolset alias '${alias}' re-pointed from '${prev}' to '${toolset}'`)
    }
    this.#aliases.set(alias, toolset)
    this.#bump('alias', alias, toolset)
  }
  getToolsetAliasTarget(alias: string): string | undefined {
    return this.#aliases.get(alias)
  }
  getRegisteredToolsetAliases(): Record<string, string> {
    return Object.fromEntries(this.#aliases)
  }
  /** Sorted tool names: `all`/`*` first, then a real toolset, then an alias (one hop); unknown → []. */
  resolveToolset(nameOrAlias: string): string[] {
    return nameOrAlias === 'all' || nameOrAlias === '*' ? this.getAllToolNames() : this.getToolNamesForToolset(nameOrAlias)
  }

  #toolsetOf(nameOrAlias: string): string {
    return this.#counts.has(nameOrAlias) ? nameOrAlias : (this.#aliases.get(nameOrAlias) ?? nameOrAlias)
  }
  #entriesOf(toolset: string): ToolEntry[] {
    return [...this.#tools.values()].filter((e) => e.toolset === toolset)
  }
  /** Toolset → its entries, toolsets sorted. */
  #groups(): Map<string, ToolEntry[]> {
    const g = new Map<string, ToolEntry[]>(this.getRegisteredToolsetNames().map((t) => [t, []]))
    for (const e of this.#tools.values()) g.get(e.toolset)!.push(e)
    return g
  }

  // ---- availability ----

  /** Clears cached verdicts and last-good times. */
  invalidateCheckCache(): void {
    this.#checks.clear()
  }

  /** A toolset is available when one of its tools has no check or passes it; only all-checked toolsets are probed. */
  async #available(groups: Map<string, ToolEntry[]>): Promise<Map<string, boolean>> {
    const probed = [...groups.values()].filter((l) => l.every((e) => e.checkFn)).flat()
    const v = await this.#checks.verdicts(probed)
    return new Map([...groups].map(([t, l]) => [t, l.some((e) => !e.checkFn || v.get(e.checkFn) === true)]))
  }

  async isToolsetAvailable(toolset: string): Promise<boolean> {
    const t = this.#toolsetOf(toolset)
    const l = this.#entriesOf(t)
    return l.length > 0 && (await this.#available(new Map([[t, l]]))).get(t) === true
  }

  async checkToolsetRequirements(): Promise<Record<string, boolean>> {
    return Object.fromEntries(await this.#available(this.#groups()))
  }

  async getAvailableToolsets(): Promise<Record<string, ToolsetStatus>> {
    const g = this.#groups()
    const a = await this.#available(g)
    return Object.fromEntries(
      [...g].map(([t, l]) => [
        t,
        { available: a.get(t)!, tools: sorted(l.map((e) => e.name)), requirements: sorted(new Set(l.flatMap((e) => e.requiresEnv))) },
      ]),
    )
  }

  async checkToolAvailability(): Promise<ToolAvailabilityReport> {
    const all = await this.getAvailableToolsets()
    const report: ToolAvailabilityReport = { available: [], unavailable: [] }
    for (const [name, s] of Object.entries(all)) {
      if (s.available) report.available.push(name)
      else report.unavailable.push({ name, envVars: s.requirements, tools: s.tools })
    }
    return report
  }

  // ---- definitions ----

  /** OpenAI-shaped definitions of the known, available names, sorted by name; every object returned is fresh. */
  getDefinitions(names: Iterable<string>, options?: DefinitionOptions): Promise<ToolDefinition[]> {
    const entries = sorted(new Set(names))
      .filter((n) => this.#tools.has(n))
      .map((n) => this.#tools.get(n)!)
    return this.#definitions(entries, entries.some((e) => e.checkFn), options?.env)
  }

  /** Definitions of the enabled toolsets minus the disabled ones; the resolved list is memoized per generation and options. */
  getToolDefinitions(options: ToolDefinitionOptions = {}): Promise<ToolDefinition[]> {
    const { enabledToolsets: on, disabledToolsets: off } = options
    if (this.#memoGeneration !== this.#generation) {
      this.#memo.clear()
      this.#memoGeneration = this.#generation
    }
    const key = JSON.stringify([on ?? 0, off ?? 0])
    let m = this.#memo.get(key)
    if (!m) {
      const names = on ? new Set(on.flatMap((t) => this.resolveToolset(t))) : new Set(this.#tools.keys())
      for (const t of off ?? []) for (const n of this.resolveToolset(t)) names.delete(n)
      const entries = sorted(names).map((n) => this.#tools.get(n)!)
      m = { entries, checked: entries.some((e) => e.checkFn) }
      // Bound the memo for callers that vary their options endlessly.
      if (this.#memo.size >= 64) this.#memo.clear()
      this.#memo.set(key, m)
    }
    return this.#definitions(m.entries, m.checked, options.env)
  }

  async #definitions(entries: ToolEntry[], checked: boolean, env?: Record<string, unknown>): Promise<ToolDefinition[]> {
    let list = env ? entries.filter((e) => envSatisfied(e, env)) : entries
    if (checked) {
      const v = await this.#checks.verdicts(list)
      list = list.filter((e) => !e.checkFn || v.get(e.checkFn) === true)
    }
    const logger = this.#settings.logger
    return list.map((e) => toDefinition(e, logger))
  }

  // ---- dispatch ----

  /** Calls a tool and answers with its result or an error envelope; never throws. */
  dispatch(name: string, args?: unknown, ctx?: ToolCallContext): Promise<ToolResult> {
    const e = this.#tools.get(name)
    return e ? runTool(e, args, ctx, this.#settings) : Promise.resolve(toolError('Unknown tool: ' + safeString(name)))
  }
}
