import { availabilityReport, createCheckCache, toolsetStatuses, type CheckSettings } from './availability.js'
import { availableDefinitions } from './definitions.js'
import { safeString, say } from '../describe.js'
import { needsApprovalFor, runTool, sanitizeToolError, toolError, type DispatchSettings } from '../dispatch/dispatch.js'
import { createEntry } from './entry.js'
import { freeze, isName, need } from '../freeze.js'
import { overrideDenied } from './errors.js'
import { conflict, isMcp } from './conflicts.js'
import { Events } from './events.js'
import { Sources, type SourceTable, type SourceVersion } from './sources.js'
import type {
  DefinitionOptions,
  PluginScope,
  RegisterMeta,
  RegistryEvent,
  RegistryListener,
  RegistryOptions,
  ToolAvailabilityReport,
  DispatchContextArg,
  ToolDefinition,
  ToolDefinitionOptions,
  ToolEntry,
  ToolResult,
  ToolParameters,
  ToolSchema,
  ToolSpec,
  ToolsetStatus,
} from '../types.js'

/** The options `configure` accepts, with the `typeof` each needs. */
const OPTION_TYPES = {
  logger: 'object',
  now: 'function',
  checkTimeoutMs: 'number',
  onResultOverflow: 'function',
  validator: 'function',
  hooks: 'object',
}
const sorted = <T>(items: Iterable<T>) => [...items].sort()

/** A memoized name resolution of getToolDefinitions, with its frozen definitions once known to be static. */
type MemoEntry = ToolEntry[] & { frozen?: ToolDefinition[] }
const names = (entries: ToolEntry[]) => sorted(entries.map(e => e.name))

/** The tool table: registration rules, toolsets and aliases, availability, definitions and dispatch. */
export class ToolRegistry {
  #tools = new Map<string, ToolEntry>()
  #aliases = new Map<string, string>()
  #policies = new Map<string, boolean>()
  #events = new Events()
  #generation = 0
  #settings: CheckSettings & DispatchSettings = { logger: console, now: () => performance.now(), checkTimeoutMs: 5000 }
  #checks = createCheckCache(this.#settings)
  #sources = new Sources()
  /** Name → why its last registration was rejected, until one succeeds (a lazy tool's call reports it). */
  #rejected = new Map<string, string>()
  /** `generation + options` → resolved entries, sorted by name. */
  #memo = new Map<string, MemoEntry>()

  constructor(options?: RegistryOptions) {
    if (options) this.configure(options)
  }

  /** Applies the given options to this instance; absent (`undefined`) ones stay as they are. */
  configure(options: RegistryOptions): this {
    for (const [k, type] of Object.entries(OPTION_TYPES) as [keyof RegistryOptions, string][]) {
      const v = options?.[k]
      if (v === undefined) continue
      // NaN and negative timeouts are as wrong as a wrong type.
      // biome-ignore lint/suspicious/noSelfCompare: NaN is the one value unequal to itself (shortest check in the size budget)
      need(typeof v == type && v !== null && !((v as number) < 0) && v === v, 'option ' + k)
      ;(this.#settings as unknown as Record<string, unknown>)[k] = v
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

  /** With a Standard Schema as `schema.parameters`, the handler's `args` is typed as its output. */
  register<P extends ToolParameters = Record<string, unknown>>(
    spec: ToolSpec<P>,
    meta?: RegisterMeta,
  ): ToolEntry | undefined {
    return this.#register(spec, meta)
  }

  // biome-ignore lint/suspicious/noExplicitAny: a registered spec may take any argument type
  #register(spec: ToolSpec<any>, meta?: RegisterMeta, owner?: string): ToolEntry | undefined {
    const source = meta?.source ?? this.#sources.table.get(Object(spec).name)
    const entry = createEntry(spec, source, owner, this.#settings)
    const { name, toolset } = entry
    const override = spec.override === true
    if (owner && override && !this.#policies.get(owner)) throw overrideDenied(owner, name, 'override')
    const old = this.#tools.get(name)
    const rejected = old && conflict(old, entry, override, this.#settings.logger)
    if (rejected) {
      this.#rejected.set(name, rejected)
      return void say(this.#settings.logger, 'error', rejected)
    }
    // Map.set on an existing key keeps its registration position.
    this.#tools.set(name, entry)
    this.#rejected.delete(name)
    this.#sources.add(entry, meta?.source)
    if (old && old.toolset !== toolset) this.#dropAliasesIfEmpty(old.toolset)
    this.#bump('register', name, toolset)
    return entry
  }

  deregister(name: string): boolean {
    const e = this.#tools.get(name)
    if (!e) return false
    this.#tools.delete(name)
    this.#dropAliasesIfEmpty(e.toolset)
    this.#bump('deregister', name, e.toolset)
    return true
  }

  /** A scope for third-party code: entries carry `owner: pluginId` and overrides need the operator's opt-in. */
  forPlugin(pluginId: string): PluginScope {
    need(isName(pluginId), 'pluginId')
    return freeze({
      // biome-ignore lint/suspicious/noExplicitAny: a registered spec may take any argument type
      register: (spec: ToolSpec<any>, meta?: RegisterMeta) => this.#register(spec, meta, pluginId),
      deregister: (name: string) => {
        const e = this.#tools.get(name)
        if (e && e.owner !== pluginId && !isMcp(e.toolset) && !this.#policies.get(pluginId)) {
          throw overrideDenied(pluginId, name, 'deregister')
        }
        return this.deregister(name)
      },
    })
  }

  /** Records the operator's `allowToolOverride` decision for a plugin (default false). */
  registerPluginOverridePolicy(pluginId: string, allowed: boolean): void {
    need(isName(pluginId), 'pluginId')
    this.#policies.set(pluginId, allowed === true)
  }

  // ---- where each tool came from (README: "Where each tool came from") ----

  /** The build's name → `"tools/x.ts:LINE:COL"` table, replacing the previous one; `register` takes an entry's `source` from it. */
  setSources(table: SourceTable): void {
    // A loop, not `new Map(Object.entries(table))`: that builds a pair per tool, several times slower at start-up.
    const m = (this.#sources.table = new Map())
    for (const k of Object.keys(table)) m.set(k, table[k]!)
  }

  /** Attributes the registrations that follow, until `endSource(file)`, to `file`. */
  beginSource(file: string): void {
    need(isName(file), 'file')
    this.#sources.begin(file)
  }

  /** Closes `file`: deregisters what its previous version registered and this one did not (unless another file took it over). */
  endSource(file: string): SourceVersion {
    return this.#sources.end(
      file,
      n => this.#tools.get(n),
      n => this.deregister(n),
    )
  }

  /** Calls `listener` synchronously after every generation bump; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void {
    need(typeof listener == 'function', 'listener')
    return this.#events.subscribe(listener)
  }

  #dropAliasesIfEmpty(toolset: string) {
    // The last tool left: aliases pointing here would now resolve to nothing.
    if (!this.#groups().has(toolset)) {
      for (const [alias, target] of this.#aliases) if (target === toolset) this.#aliases.delete(alias)
    }
  }

  #bump(type: RegistryEvent['type'], name: string, toolset: string) {
    this.#events.emit(this.#settings.logger, type, name, toolset, ++this.#generation)
  }

  // ---- lookups ----

  /** Why the last registration of `name` was rejected (a conflict), if it was and none succeeded since. */
  getRejection(name: string): string | undefined {
    return this.#rejected.get(name)
  }
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
  /**
   * An empty emoji counts as unset. The default, ⚡, is computed: a minifier prints a literal
   * as the raw character, and one non-ASCII character makes a browser decode the whole chunk
   * into a two-byte string (slower to decode and parse).
   */
  getEmoji(name: string, fallback = String.fromCodePoint(9889)): string {
    return this.#tools.get(name)?.emoji || fallback
  }
  getMaxResultSize(name: string, fallback?: number): number {
    return this.#tools.get(name)?.maxResultSizeChars ?? fallback ?? 100_000
  }
  getAllToolNames(): string[] {
    return sorted(this.#tools.keys())
  }
  getRegisteredToolsetNames(): string[] {
    return [...this.#groups().keys()]
  }
  getToolNamesForToolset(toolset: string): string[] {
    return names(this.#resolve(toolset))
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
    need(isName(alias) && isName(toolset), 'alias or toolset')
    const prev = this.#aliases.get(alias)
    if (prev !== undefined && prev !== toolset) {
      say(this.#settings.logger, 'warn', `alias '${alias}' moved from '${prev}' to '${toolset}'`)
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
    return nameOrAlias == 'all' || nameOrAlias == '*'
      ? this.getAllToolNames()
      : this.getToolNamesForToolset(nameOrAlias)
  }

  /** Entries of a real toolset, else of the toolset an alias names (one hop). */
  #resolve(nameOrAlias: string): ToolEntry[] {
    const g = this.#groups()
    return g.get(nameOrAlias) ?? g.get(this.#aliases.get(nameOrAlias)!) ?? []
  }
  /** Toolset → its entries, toolsets sorted. */
  #groups(): Map<string, ToolEntry[]> {
    const g = new Map<string, ToolEntry[]>()
    for (const e of this.#tools.values()) g.get(e.toolset)?.push(e) ?? g.set(e.toolset, [e])
    return new Map(sorted(g.keys()).map(t => [t, g.get(t)!]))
  }

  // ---- availability ----

  /** Clears cached verdicts and last-good times. */
  invalidateCheckCache(): void {
    this.#checks.clear()
  }

  #status(groups = this.#groups()): Promise<[string, ToolsetStatus][]> {
    return toolsetStatuses(this.#checks, groups)
  }

  async isToolsetAvailable(toolset: string): Promise<boolean> {
    return (await this.#status(new Map([['', this.#resolve(toolset)]])))[0][1].available
  }

  async checkToolsetRequirements(): Promise<Record<string, boolean>> {
    return Object.fromEntries((await this.#status()).map(([t, s]) => [t, s.available]))
  }

  async getAvailableToolsets(): Promise<Record<string, ToolsetStatus>> {
    return Object.fromEntries(await this.#status())
  }

  async checkToolAvailability(): Promise<ToolAvailabilityReport> {
    return availabilityReport(await this.#status())
  }

  // ---- definitions ----

  /** OpenAI-shaped definitions of the known, available names, sorted by name; every object returned is fresh. */
  getDefinitions(toolNames: Iterable<string>, options?: DefinitionOptions): Promise<ToolDefinition[]> {
    // Known names only, before sorting: a name that is a Proxy never reaches a comparison.
    const entries = sorted(new Set([...toolNames].filter(n => this.#tools.has(n)))).map(n => this.#tools.get(n)!)
    return this.#definitions(entries, options?.env)
  }

  /** Definitions of the enabled toolsets minus the disabled ones; the resolved list is memoized per generation and options. */
  getToolDefinitions(options: ToolDefinitionOptions = {}): Promise<ToolDefinition[]> {
    const { enabledToolsets: on, disabledToolsets: off, env } = options
    // JSON keeps absent (null) and [] apart.
    const key = this.#generation + JSON.stringify([on, off])
    let m = this.#memo.get(key)
    if (!m) {
      const set = new Set(on ? on.flatMap(t => this.resolveToolset(t)) : this.#tools.keys())
      for (const t of off ?? []) for (const n of this.resolveToolset(t)) set.delete(n)
      m = sorted(set).map(n => this.#tools.get(n)!)
      // Bounds the memo: entries of past generations and endlessly varied options.
      if (this.#memo.size > 63) this.#memo.clear()
      this.#memo.set(key, m)
    }
    // When nothing decides per call (no env, check or dynamic override), this generation's
    // definitions are frozen and kept: a memo hit is a fresh array of them (README, "Definitions").
    const memo = m
    if (env === undefined && memo.frozen) return Promise.resolve(memo.frozen.slice())
    return this.#definitions(memo, env).then(defs =>
      env !== undefined || memo.some(e => e.checkFn || e.dynamicSchemaOverrides)
        ? defs
        : (memo.frozen = defs.map(d => (freeze(d.function), freeze(d)))).slice(),
    )
  }

  #definitions(entries: ToolEntry[], env?: Record<string, unknown>): Promise<ToolDefinition[]> {
    return availableDefinitions(entries, env, this.#checks, this.#settings.logger)
  }

  // ---- dispatch ----

  /**
   * Whether `dispatch(name, args, ctx)` would ask `ctx.approve`: the arguments validated as
   * dispatch validates them, then the tool's `needsApproval`. For adapters whose framework asks
   * a person itself (see the README, "Approval"). Unknown tool or invalid arguments: false (the
   * call answers an error envelope); a `needsApproval` that throws: true.
   */
  needsApproval(name: string, args?: unknown, ...[ctx]: DispatchContextArg): Promise<boolean> {
    const e = this.#tools.get(name)
    return e ? needsApprovalFor(e, args, ctx ?? ({} as never), this.#settings) : Promise.resolve(false)
  }

  /** Calls a tool and answers with its result or an error envelope; never throws. `ctx` is required once a run context is declared (`Register`). */
  dispatch(name: string, args?: unknown, ...[ctx]: DispatchContextArg): Promise<ToolResult> {
    const e = this.#tools.get(name)
    // The name is the model's own text: sanitized and capped like every envelope.
    return e
      ? runTool(e, args, ctx, this.#settings)
      : Promise.resolve(toolError('Unknown tool: ' + sanitizeToolError(safeString(name))))
  }
}
