// Which tools are deferred: sent to the model only once a search finds them (see the core
// README, "Deferred loading and tool search").
import type { ToolRegistry } from '../registry/registry.js'

/**
 * A rule naming the deferred tools, also the plugin's `defer` option (which resolves it at
 * build time into the `deferred` export of `virtual:tool-registry`).
 */
export interface DeferRule {
  /** Every tool is deferred but the ones `except` and `keep` name. */
  all?: boolean
  /** These tools are deferred. */
  tools?: readonly string[]
  /** Every tool of these toolsets (or aliases) is deferred. */
  toolsets?: readonly string[]
  /** Tools (by name, or every tool of a toolset or alias) never deferred by this rule. */
  except?: readonly string[]
  /** The `keep` most used tools (by `usage`, ties by name) stay loaded. */
  keep?: number
  /** Calls per tool name, e.g. counted from production traces. */
  usage?: Readonly<Record<string, number>>
}

/** `true`: every tool; a name list: those tools; or a rule. A tool registered with `defer: true` is always deferred. */
export type DeferOption = boolean | readonly string[] | DeferRule

const ruleOf = (option: DeferOption | undefined): DeferRule =>
  option === true ? { all: true } : Array.isArray(option) ? { tools: option } : Object(option)

/** What `deferredNames` reads of a registry (the plugin passes its scan). */
export type DeferSource = Pick<ToolRegistry, 'getAllToolNames' | 'has' | 'resolveToolset'> & {
  getEntry(name: string): { readonly defer?: boolean } | undefined
}

/** The names `option` defers among the registered tools (the entries' own `defer` included). */
export function deferredNames(registry: DeferSource, option: DeferOption | undefined): Set<string> {
  const rule = ruleOf(option)
  const names = registry.getAllToolNames()
  const expand = (list: readonly string[] | undefined) =>
    new Set((list ?? []).flatMap(n => (registry.has(n) ? [n] : registry.resolveToolset(n))))
  const except = expand(rule.except)
  const named = new Set([...expand(rule.tools), ...expand(rule.toolsets)])
  let candidates = names.filter(n => (rule.all === true || named.has(n)) && !except.has(n))
  const keep = Math.max(0, Math.floor(Number(rule.keep) || 0))
  if (keep > 0) {
    const used = (n: string) => Number(rule.usage?.[n]) || 0
    const kept = new Set(
      [...candidates].sort((a, b) => used(b) - used(a) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, keep),
    )
    candidates = candidates.filter(n => !kept.has(n))
  }
  const out = new Set(candidates)
  for (const n of names) if (registry.getEntry(n)?.defer) out.add(n)
  return out
}
