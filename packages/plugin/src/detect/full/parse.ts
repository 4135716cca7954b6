// One @babel/parser call per file, with the syntax plugins its extension needs.
import { createRequire } from 'node:module'
import type { ParserPlugin, parse } from '@babel/parser'

// Loaded on the first parse: a build whose files all come from the scan cache never pays for it.
let babelParse: typeof parse | undefined
const loadParser = (): typeof parse =>
  (babelParse ??= (createRequire(import.meta.url)('@babel/parser') as typeof import('@babel/parser')).parse)

// Valid modern input must never get a false TR004 (docs/architecture.md).
const COMMON: ParserPlugin[] = [
  'decorators',
  'explicitResourceManagement',
  ['importAttributes', { deprecatedAssertSyntax: true }],
]

function parserPlugins(file: string): ParserPlugin[] {
  const ext = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? ''
  const ts = ext === 'ts' || ext === 'mts' || ext === 'cts' || ext === 'tsx'
  // Plain .js often holds JSX (React convention); .ts never does (`<T>x` casts).
  const jsx = ext === 'tsx' || ext === 'jsx' || ext === 'js' || ext === 'mjs' || ext === 'cjs'
  return [...(ts ? ['typescript' as const] : []), ...(jsx ? ['jsx' as const] : []), ...COMMON]
}

export type ParseResult =
  | { ok: true; ast: ReturnType<typeof parse> }
  | { ok: false; message: string; line: number; column: number }

export function parseModule(code: string, file: string): ParseResult {
  try {
    return {
      ok: true,
      // Nothing reads comments: not attaching them to nodes saves work and garbage.
      ast: loadParser()(code, {
        sourceType: 'module',
        plugins: parserPlugins(file),
        errorRecovery: false,
        attachComment: false,
      }),
    }
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc
    const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, '') : String(error)
    // Babel columns are 0-based; toolreg prints 1-based.
    return { ok: false, message, line: loc?.line ?? 0, column: loc ? loc.column + 1 : 0 }
  }
}
