// The lazy part of `virtual:tool-registry` (docs: packages/plugin/README.md, "Lazy tools"):
// each lazy tool's definition registered with a loader that imports its module on first
// dispatch. Pure: scan in, text out; file names go through JSON.stringify.
import type { FileScan } from './types.js'

const str = (value: string): string => JSON.stringify(value)

/** Whether the scan planned `module` to load lazily. */
export const isLazyModule = (module: FileScan): boolean => module.lazy?.lazy === true

/** The table format `registerLazyTable` of @toolreg/core reads (its lazy-table.ts says why the backtick). */
export const LAZY_TABLE_FORMAT = 'lazy`1'

type Row = unknown[]

/** Whether `value` has exactly `keys`, in this order (a rebuilt schema must serialize as the original). */
const keysAre = (value: unknown, ...keys: string[]): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).join('\0') === keys.join('\0')

/**
 * The lazy tools' definitions as `registerLazyTable` reads them: toolsets and `[key, schema]`
 * property pairs written once, each tool a row of indexes (see lazy-table.ts in @toolreg/core).
 */
export function lazyTable(modules: FileScan[]): unknown[] {
  const toolsets: string[] = []
  const toolsetIndex = new Map<string, number>()
  const pairs: [string, unknown][] = []
  const pairIndex = new Map<string, number>()
  const intern = <T>(list: T[], index: Map<string, number>, key: string, value: T): number => {
    let i = index.get(key)
    if (i === undefined) index.set(key, (i = list.push(value) - 1))
    return i
  }
  const rows = modules.map((m) =>
    (m.lazy?.lazy ? m.lazy.tools : []).map((t): Row => {
      const extra = t.description !== undefined || t.emoji !== undefined ? [{ description: t.description, emoji: t.emoji }] : []
      const ts = intern(toolsets, toolsetIndex, t.toolset, t.toolset)
      const schema = t.schema
      const params = schema.parameters
      const common =
        (keysAre(schema, 'description', 'parameters') && typeof schema.description === 'string') &&
        (keysAre(params, 'type', 'properties', 'required') || keysAre(params, 'type', 'properties')) &&
        params.type === 'object' && keysAre(params.properties, ...Object.keys(params.properties ?? {}))
      if (!common) return [t.name, ts, schema, ...extra]
      const props = Object.entries(params.properties as Record<string, unknown>)
      const required = params.required
      const at = (key: string) => props.findIndex(([k]) => k === key)
      // `required` as indexes into the tool's own properties: only when each names one of them, once.
      const requiredOk = required === undefined || (Array.isArray(required) && new Set(required).size === required.length && required.every((k) => typeof k === 'string' && at(k) >= 0))
      if (!requiredOk) return [t.name, ts, schema, ...extra]
      const propIndexes = props.map(([k, v]) => intern(pairs, pairIndex, JSON.stringify([k, v]), [k, v]))
      return [t.name, ts, schema.description, propIndexes, required === undefined ? 0 : (required as string[]).map(at), ...extra]
    }),
  )
  return [LAZY_TABLE_FORMAT, toolsets, pairs, rows]
}

/**
 * JSON as a single-quoted JS string. No `'` is left in it (JSON may write it `\u0027`), and
 * the format tag holds a backtick: so a minifier keeps the quotes rather than writing a
 * template literal, which V8 compiles more slowly (it keeps the raw text too).
 */
export const jsonText = (value: unknown): string =>
  `'${JSON.stringify(value)
    .replace(/'/g, '\\u0027')
    .replace(/[\\\u2028\u2029]/g, (c) => (c === '\\' ? '\\\\' : c === '\u2028' ? '\\u2028' : '\\u2029'))}'`

/**
 * Lazy tools: one loader per module (`import()` of its own chunk, shared by its tools) and
 * every definition in one JSON string parsed once, registered through `registerLazyTable`.
 */
export function lazyRegistrations(modules: FileScan[], importPath: (file: FileScan) => string): string[] {
  return [
    `import { registerLazyTable as __registerLazyTable } from "@toolreg/core"`,
    '',
    `const __loaders = [${modules.map((m) => `\n  () => import(${str(importPath(m))}),`).join('')}\n]`,
    '// A browser may remember a failed import(): a retry imports the chunk again, under a fresh URL when the error names one.',
    'const __load = (m, attempt) => attempt === 0 ? __loaders[m]() : __loaders[m]().catch((error) => {',
    "  const url = /\\b(?:https?|file):\\/\\/[^\\s'\"]+/.exec(String(error && error.message))",
    '  if (!url) throw error',
    "  return import(/* @vite-ignore */ /* webpackIgnore: true */ url[0] + (url[0].includes('?') ? '&' : '?') + 'toolreg-retry=' + attempt)",
    '})',
    `__registerLazyTable(registry, JSON.parse(${jsonText(lazyTable(modules))}), __load)`,
  ]
}
