// The lazy part of `virtual:tool-registry` (docs: packages/plugin/README.md, "Lazy tools"):
// each lazy tool's definition registered with a loader that imports its module on first
// dispatch. Pure: scan in, text out; file names go through JSON.stringify.
import type { FileScan } from './types.js'

const str = (value: string): string => JSON.stringify(value)

/** Whether the scan planned `module` to load lazily. */
export const isLazyModule = (module: FileScan): boolean => module.lazy?.lazy === true

/** JSON as a single-quoted JS string: JSON's many double quotes need no escape there. */
const jsonText = (value: unknown): string => `'${JSON.stringify(value).replace(/[\\'\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? '\\' + c : c === '\u2028' ? '\\u2028' : '\\u2029'))}'`

/**
 * Lazy tools: one loader per module (`import()` of its own chunk, shared by its tools) and
 * every definition in one JSON string parsed once, registered through `registerLazy`.
 */
export function lazyRegistrations(modules: FileScan[], importPath: (file: FileScan) => string): string[] {
  const tools = modules.flatMap((m, f) => (m.lazy?.lazy ? m.lazy.tools.map((t) => ({ f, ...t })) : []))
  return [
    `import { registerLazy as __registerLazy } from "@toolreg/core"`,
    '',
    '// A browser may remember a failed import(): a retry imports the chunk again, under a fresh URL when the error names one.',
    'const __retrying = (load) => (attempt) => attempt === 0 ? load() : load().catch((error) => {',
    "  const url = /\\b(?:https?|file):\\/\\/[^\\s'\"]+/.exec(String(error && error.message))",
    '  if (!url) throw error',
    "  return import(/* @vite-ignore */ /* webpackIgnore: true */ url[0] + (url[0].includes('?') ? '&' : '?') + 'toolreg-retry=' + attempt)",
    '})',
    `const __loaders = [${modules.map((m) => `\n  __retrying(() => import(${str(importPath(m))})),`).join('')}\n]`,
    `for (const tool of JSON.parse(${jsonText(tools)})) __registerLazy(registry, { ...tool, load: __loaders[tool.f] })`,
  ]
}
