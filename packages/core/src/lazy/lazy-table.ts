import { LAZY_TABLE_FORMAT } from '../formats.js'
import { freeze, frozenCopy, frozenOwn, isPlainObject, need } from '../freeze.js'
import { lazyPlaceholder, placeholderHandler, type LazyExtra, type LazyToolSpec } from './lazy.js'
import type { ToolRegistry } from '../registry/registry.js'
import type { ToolSchema } from '../types.js'

/**
 * The definitions of a build's lazy tools, as the plugin writes them (one JSON string parsed
 * once; see the plugin README, "Lazy tools"). Shared values are written once and each field of
 * the tools is one array (one entry per tool, in module order), so parsing it makes a few
 * large arrays rather than an object per tool:
 * - `properties`: `[key, schema]` pairs; `parameterSets`: `[props, required]`, the
 *   properties of an object schema as indexes into `properties` and its `required` as
 *   indexes into `props` (0: none);
 * - `modules[m]`: how many tools module `m` registers;
 * - `names`, `toolsetOf` (indexes into `toolsets`), `descriptions` and `shapes`: a tool's
 *   schema is `{ description, parameters }` with `parameters` built from parameter set
 *   `shapes[i]` when that is a number, else `shapes[i]` is the whole schema (description 0);
 * - `extras`: `[tool index, { description?, emoji?, needsApproval?, annotations? }]` for the
 *   tools whose spec has its own (a lazy tool is approved before its module loads);
 * - `files[m]`: module `m`'s file, 0 when it is `filePattern[0] + its first tool's name +
 *   filePattern[1]` (a module named after its tool); `locations[i]`: `"LINE:COL"` of tool
 *   `i`'s register call in it (0: unknown). Together its `source`, which the registry then
 *   keeps for the name, so the module's own registration gets it too.
 */
export type LazyTable = [
  format: string,
  toolsets: string[],
  properties: [string, unknown][],
  parameterSets: LazyParameterSet[],
  modules: number[],
  names: string[],
  toolsetOf: number[],
  descriptions: (string | 0)[],
  shapes: (number | ToolSchema)[],
  extras: [tool: number, extra: LazyExtra][],
  files: (string | 0)[],
  filePattern: [prefix: string, suffix: string],
  locations: (string | 0)[],
]
export type LazyParameterSet = [props: number[], required: number[] | 0]
export type { LazyExtra }

/**
 * The deeply frozen `parameters` of parameter set `i`, built once per table: the tools of a
 * catalogue repeat parameter sets, and freezing each new object shape is the cost.
 * `frozenProps[j]` caches property `j`'s frozen schema.
 */
function parameterSet(table: LazyTable, i: number, frozenProps: unknown[]): unknown {
  const properties = table[2]
  const set = table[3][i]
  need(Array.isArray(set), 'lazy table parameter set ' + i)
  const props = set![0]
  const required = set![1]
  const shape: Record<string, unknown> = {}
  for (let j = 0; j < props.length; j++) {
    const pair = properties[props[j]!]!
    const k = pair[0]
    const schema = (frozenProps[props[j]!] ??= frozenCopy(pair[1]))
    k == '__proto__' ? Object.defineProperty(shape, k, { value: schema, enumerable: true }) : (shape[k] = schema)
  }
  // Built here and holding only frozen values, so frozen in place; `required` (the table's keys) copied in case one is not a string.
  const p: Record<string, unknown> = { type: 'object', properties: freeze(shape) }
  if (required) p.required = frozenCopy(required.map(r => properties[props[r]!]![0]))
  return freeze(p)
}

/**
 * Registers every tool of `table` as a lazy placeholder (see `registerLazy`). `load(m, attempt)`
 * imports module `m` (the tools of one module share one load). Returns how many tools were
 * registered. One loop with index reads and no spec object per tool: it runs for every tool
 * at start-up, mostly before the engine has optimized it.
 */
export function registerLazyTable(
  registry: ToolRegistry,
  table: LazyTable,
  load: (module: number, attempt: number) => Promise<unknown>,
): number {
  need(
    Array.isArray(table) && table[0] === LAZY_TABLE_FORMAT,
    'lazy table (built by another version of @toolreg/plugin?)',
  )
  const toolsets = table[1]
  const modules = table[4]
  const names = table[5]
  const toolsetOf = table[6]
  const descriptions = table[7]
  const shapes = table[8]
  const extras = new Map(table[9])
  const files = table[10]
  const [prefix, suffix] = table[11]
  const locations = table[12]
  const sets: unknown[] = []
  const frozenProps: unknown[] = []
  // One load per module, made on the first dispatch of one of its tools.
  const moduleLoads: LazyToolSpec['load'][] = []
  let moduleOf: Map<string, number> | undefined
  const handler = placeholderHandler(registry, name => {
    if (!moduleOf) {
      // Built on the first dispatch, not at start-up: a later row of the same name wins, as its registration did (unless refused).
      moduleOf = new Map()
      for (let m = 0, i = 0; m < modules.length; m++)
        for (const end = i + modules[m]!; i < end; i++) if (!refused.has(i)) moduleOf.set(names[i]!, m)
    }
    const m = moduleOf.get(name)
    return m === undefined ? undefined : (moduleLoads[m] ??= attempt => load(m, attempt))
  })
  // One object for every row: `register` reads `meta.source` and keeps nothing else of it.
  const meta = { source: '' }
  const refused = new Set<number>()
  let count = 0
  let i = 0
  for (let m = 0; m < modules.length; m++) {
    const file = (files[m] || prefix + names[i] + suffix) + ':'
    for (const end = i + modules[m]!; i < end; i++) {
      const shape = shapes[i]
      const schema =
        typeof shape == 'number'
          ? frozenOwn({
              description: descriptions[i],
              parameters: (sets[shape] ??= parameterSet(table, shape, frozenProps)),
            } as ToolSchema)
          : frozenCopy(shape!)
      const extra = extras.get(i)
      const x = isPlainObject(extra) ? (extra as LazyExtra) : undefined
      const at = locations[i]
      if (at) meta.source = file + at
      if (lazyPlaceholder(registry, names[i]!, toolsets[toolsetOf[i]!]!, schema, handler, x, at ? meta : undefined))
        count++
      else refused.add(i)
    }
  }
  return count
}
