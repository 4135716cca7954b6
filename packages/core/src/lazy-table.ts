import { freeze, frozenCopy, frozenOwn, isPlainObject, need } from './freeze.js'
import { registerLazy, type LazyToolSpec } from './lazy.js'
import type { ToolRegistry } from './registry.js'
import type { ToolSchema } from './types.js'

/**
 * The definitions of a build's lazy tools, as the plugin writes them (one JSON string parsed
 * once; see the plugin README, "Lazy tools"). Shared values are written once:
 * `[format, toolsets, properties, modules]`, where `properties` lists `[key, schema]` pairs
 * and `modules[m]` lists the rows of the tools module `m` registers. A row is either
 * `[name, toolset, description, props, required, extra?]` — a schema of the common shape
 * `{ description, parameters: { type: 'object', properties, required? } }`, `props` and
 * `required` as indexes into `properties` and into `props` (`required` 0: none) — or
 * `[name, toolset, schema, extra?]` for any other schema. `toolset` indexes `toolsets`;
 * `extra` holds the spec's own `description` and `emoji`.
 */
export type LazyTable = [format: string, toolsets: string[], properties: [string, unknown][], modules: LazyRow[][]]
export type LazyRow =
  | [name: string, toolset: number, description: string, props: number[], required: number[] | 0, extra?: LazyExtra]
  | [name: string, toolset: number, schema: ToolSchema, extra?: LazyExtra]
export interface LazyExtra {
  description?: string
  emoji?: string
}

/** The format this version reads (the backtick keeps minifiers from turning the string into a template literal, slower to compile). */
export const LAZY_TABLE_FORMAT = 'lazy`1'

/**
 * The schema a row stands for, deeply frozen. `cache` (one per table) keeps what rows share,
 * frozen once: property `i`'s schema under `i`, and each distinct `parameters` under its row's
 * indexes (the tools of a catalogue repeat parameter sets; freezing each new shape is the cost).
 */
export function lazyRowSchema(row: LazyRow, properties: LazyTable[2], cache = new Map<unknown, unknown>()): ToolSchema {
  if (typeof row[2] != 'string') return frozenCopy(row[2] as ToolSchema)
  // Index reads, not array destructuring: that runs the iterator protocol, slow in the cold code of start-up.
  const r = row as [string, number, string, number[], number[] | 0]
  const description = r[2], props = r[3], required = r[4]
  const key = required ? props + '/' + required : '' + props
  let parameters = cache.get(key)
  if (!parameters) {
    const shape: Record<string, unknown> = {}
    for (const i of props) {
      const [k, v] = properties[i]!
      let schema = cache.get(i)
      if (!schema) cache.set(i, (schema = frozenCopy(v)))
      k == '__proto__' ? Object.defineProperty(shape, k, { value: schema, enumerable: true }) : (shape[k] = schema)
    }
    // Built here and holding only frozen values, so frozen in place; `required` (the table's keys) copied in case one is not a string.
    const p: Record<string, unknown> = { type: 'object', properties: freeze(shape) }
    if (required) p.required = frozenCopy(required.map((i) => properties[props[i]!]![0]))
    cache.set(key, (parameters = freeze(p)))
  }
  return frozenOwn({ description, parameters } as ToolSchema)
}

/**
 * Registers every tool of `table` with `registerLazy`. `load(m, attempt)` imports module `m`
 * (the tools of one module share one load). Returns how many tools were registered.
 */
export function registerLazyTable(registry: ToolRegistry, table: LazyTable, load: (module: number, attempt: number) => Promise<unknown>): number {
  need(Array.isArray(table) && table[0] === LAZY_TABLE_FORMAT, 'lazy table (built by another version of @toolreg/plugin?)')
  const [, toolsets, properties, modules] = table
  const cache = new Map<unknown, unknown>()
  let count = 0
  for (let m = 0; m < modules.length; m++) {
    const moduleLoad: LazyToolSpec['load'] = (attempt) => load(m, attempt)
    const rows = modules[m]!
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j]!
      const standard = typeof row[2] == 'string'
      const extra: unknown = row[standard ? 5 : 3]
      const spec: LazyToolSpec = { name: row[0], toolset: toolsets[row[1]]!, schema: lazyRowSchema(row, properties, cache), load: moduleLoad }
      if (isPlainObject(extra)) {
        const { description, emoji } = extra as LazyExtra
        if (description !== undefined) spec.description = description
        if (emoji !== undefined) spec.emoji = emoji
      }
      if (registerLazy(registry, spec)) count++
    }
  }
  return count
}
