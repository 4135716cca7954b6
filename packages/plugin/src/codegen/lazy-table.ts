// The lazy part of `virtual:tool-registry` (docs: packages/plugin/README.md, "Lazy tools"):
// each lazy tool's definition registered with a loader that imports its module on first
// dispatch. Pure: scan in, text out; file names go through JSON.stringify.
// The format and the table's type come from @toolreg/core, which reads it: no drift.
import type { LazyTable } from '@toolreg/core'
import { LAZY_TABLE_FORMAT } from '@toolreg/core/formats'
import { jsonText } from './js-text.js'
import type { FileScan } from '../types.js'

const str = (value: string): string => JSON.stringify(value)

/** Whether the scan planned `module` to load lazily. */
export const isLazyModule = (module: FileScan): boolean => module.lazy?.lazy === true

/** Whether `value` has exactly `keys`, in this order (a rebuilt schema must serialize as the original). */
const keysAre = (value: unknown, ...keys: string[]): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).join('\0') === keys.join('\0')

/**
 * The lazy tools' definitions as `registerLazyTable` reads them: toolsets, `[key, schema]`
 * property pairs and parameter sets written once, and each field of the tools one array (see
 * lazy-table.ts in @toolreg/core).
 */
export function lazyTable(modules: FileScan[]): LazyTable {
  const toolsets: string[] = []
  const toolsetIndex = new Map<string, number>()
  const pairs: [string, unknown][] = []
  const pairIndex = new Map<string, number>()
  const sets: [number[], number[] | 0][] = []
  const setIndex = new Map<string, number>()
  const intern = <T>(list: T[], index: Map<string, number>, key: string, value: T): number => {
    let i = index.get(key)
    if (i === undefined) index.set(key, (i = list.push(value) - 1))
    return i
  }
  const counts: number[] = []
  const names: string[] = []
  const toolsetOf: number[] = []
  const descriptions: (string | 0)[] = []
  const shapes: LazyTable[8] = []
  const extras: LazyTable[9] = []
  const files: string[] = []
  const locations: (string | 0)[] = []
  for (const m of modules) {
    const tools = m.lazy?.lazy ? m.lazy.tools : []
    counts.push(tools.length)
    files.push(m.file)
    for (const t of tools) {
      // Its source, as the sources table of eager tools gives theirs: the first register call naming it.
      const site = m.sites.find(s => s.name === t.name)
      locations.push(site ? `${site.line}:${site.column}` : 0)
      const { description, emoji, needsApproval, annotations } = t
      if (description !== undefined || emoji !== undefined || needsApproval !== undefined || annotations !== undefined)
        extras.push([names.length, { description, emoji, needsApproval, annotations }])
      names.push(t.name)
      toolsetOf.push(intern(toolsets, toolsetIndex, t.toolset, t.toolset))
      const set = parameterSet(t.schema, (k, v) => intern(pairs, pairIndex, JSON.stringify([k, v]), [k, v]))
      descriptions.push(set ? (t.schema.description as string) : 0)
      shapes.push(set ? intern(sets, setIndex, JSON.stringify(set), set) : (t.schema as LazyTable[8][number]))
    }
  }
  return [
    LAZY_TABLE_FORMAT,
    toolsets,
    pairs,
    sets,
    counts,
    names,
    toolsetOf,
    descriptions,
    shapes,
    extras,
    ...namedFiles(files, counts, names),
    locations,
  ]
}

/**
 * `[files, pattern]`: a module named after its first tool (`tools/get_weather.ts` registering
 * `get_weather` first, the usual layout) is written 0, its name being `pattern[0] + tool +
 * pattern[1]` with the most common such prefix and suffix; any other keeps its file.
 */
function namedFiles(files: string[], counts: number[], names: string[]): [(string | 0)[], [string, string]] {
  const split = (file: string, name: string): [string, string] | undefined => {
    const at = file.lastIndexOf(name)
    return at >= 0 && (at === 0 || file[at - 1] === '/') && file.indexOf('/', at) < 0
      ? [file.slice(0, at), file.slice(at + name.length)]
      : undefined
  }
  const firsts: (string | undefined)[] = []
  // Prefix and suffix (joined by a NUL, which no path holds) → how many modules they name.
  const votes = new Map<string, number>()
  for (let m = 0, i = 0; m < files.length; i += counts[m]!, m++) {
    const first = counts[m] ? names[i] : undefined
    firsts.push(first)
    const parts = first === undefined ? undefined : split(files[m]!, first)
    if (parts) votes.set(parts.join('\0'), (votes.get(parts.join('\0')) ?? 0) + 1)
  }
  const best = [...votes].sort((a, b) => b[1] - a[1])[0]
  if (!best) return [files, ['', '']]
  const [prefix, suffix] = best[0].split('\0') as [string, string]
  return [files.map((f, m) => (firsts[m] !== undefined && f === prefix + firsts[m] + suffix ? 0 : f)), [prefix, suffix]]
}

/**
 * A schema of the common shape `{ description, parameters: { type: 'object', properties,
 * required? } }` as its parameter set (property indexes from `pair`, `required` as indexes
 * into them); undefined for any other schema, which the table then holds whole.
 */
function parameterSet(
  schema: Record<string, unknown>,
  pair: (key: string, value: unknown) => number,
): [number[], number[] | 0] | undefined {
  const params = schema.parameters
  const common =
    keysAre(schema, 'description', 'parameters') &&
    typeof schema.description === 'string' &&
    (keysAre(params, 'type', 'properties', 'required') || keysAre(params, 'type', 'properties')) &&
    params.type === 'object' &&
    keysAre(params.properties, ...Object.keys(params.properties ?? {}))
  if (!common) return undefined
  const props = Object.entries(params.properties as Record<string, unknown>)
  const required = params.required
  const at = (key: string) => props.findIndex(([k]) => k === key)
  // `required` as indexes into the tool's own properties: only when each names one of them, once.
  const requiredOk =
    required === undefined ||
    (Array.isArray(required) &&
      new Set(required).size === required.length &&
      required.every(k => typeof k === 'string' && at(k) >= 0))
  if (!requiredOk) return undefined
  return [props.map(([k, v]) => pair(k, v)), required === undefined ? 0 : (required as string[]).map(at)]
}

/** Modules per loader function (see `loaders`). */
const LOADER_GROUP = 64

/**
 * The loaders as functions of up to LOADER_GROUP modules each, `switch`ing on the module's
 * index to its `import()`: an engine compiles a group when one of its modules first loads.
 * One arrow function per module costs start-up time at thousands of modules (each one is
 * created, and its function data compiled, when the virtual module evaluates).
 */
function loaders(modules: FileScan[], importPath: (file: FileScan) => string): string {
  const groups: string[] = []
  for (let g = 0; g < modules.length; g += LOADER_GROUP) {
    const cases = modules
      .slice(g, g + LOADER_GROUP)
      .map((m, i) => `\n    case ${g + i}: return import(${str(importPath(m))})`)
    groups.push(`\n  (m) => {\n    switch (m) {${cases.join('')}\n    }\n  },`)
  }
  return `const __loaders = [${groups.join('')}\n]\nconst __import = (m) => __loaders[Math.floor(m / ${LOADER_GROUP})](m)`
}

/**
 * Lazy tools: every module's `import()` (of its own chunk, shared by its tools) in grouped
 * loaders, and every definition in one JSON string parsed once, registered through
 * `registerLazyTable`.
 */
export function lazyRegistrations(modules: FileScan[], importPath: (file: FileScan) => string): string[] {
  return [
    `import { registerLazyTable as __registerLazyTable } from "@toolreg/core"`,
    '',
    loaders(modules, importPath),
    '// A browser may remember a failed import(): a retry imports the chunk again, under a fresh URL when the error names one.',
    'const __load = (m, attempt) => attempt === 0 ? __import(m) : __import(m).catch((error) => {',
    '  const url = /\\b(?:https?|file):\\/\\/[^\\s\'"]+/.exec(String(error && error.message))',
    '  if (!url) throw error',
    "  return import(/* @vite-ignore */ /* webpackIgnore: true */ url[0] + (url[0].includes('?') ? '&' : '?') + 'toolreg-retry=' + attempt)",
    '})',
    `__registerLazyTable(registry, JSON.parse(${jsonText(lazyTable(modules))}), __load)`,
  ]
}
