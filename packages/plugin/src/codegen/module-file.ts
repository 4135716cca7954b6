// `virtual:tool-registry` as real files on disk, for the runtimes and bundlers no plugin
// reaches (README: "toolreg generate"): the virtual module's own text (./virtual-module.ts)
// with each tool file imported by a relative path that keeps its extension, and its
// companions written as sibling files. Pure: scan in, files out.
import path from 'node:path'
import { parseCompanionId } from './companion-ids.js'
import { generateSearchIndexModule, type Prebuild } from './search-index.js'
import { pruneCode } from './prune.js'
import { generateCompanionModule, generateModule } from './virtual-module.js'
import type { ScanResult } from '../types.js'

export interface ModuleFile {
  /** Absolute path. */
  file: string
  content: string
}

export interface GenerateModuleFilesOptions {
  /** Absolute path of the main file; `.ts`, `.mts` or `.tsx` makes every file TypeScript. */
  file: string
  /** @toolreg/core's build-time indexer, for a scan with lazy tools (else their index is built at run time). */
  prebuild?: Prebuild
  /**
   * For a dev server that evaluates this file again after each change but keeps the registry
   * and the unchanged tool modules (`next dev`): drop the tools of files gone (./prune.ts).
   */
  prune?: boolean
}

const TS_FILE = /\.[mc]?tsx?$/

/**
 * What Node and Deno read differently in a relative specifier, which they read as a URL:
 * `%` (an escape), `#` (a fragment), `?` (a query), and tab and line breaks (dropped).
 * Spaces and other characters they read as written, as Bun and esbuild (which read paths) do.
 */
const URL_SPECIAL = /[%#?\t\n\r]/g
const percent = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`

/**
 * A specifier from `fromDir` to `to` that Node, Deno, Bun and tsc read as relative, each
 * segment percent-encoded where a URL reader would read it as another file (README,
 * "toolreg generate").
 */
function relativeSpecifier(fromDir: string, to: string): string {
  const rel = path
    .relative(fromDir, to)
    .split(path.sep)
    .map(segment => segment.replace(URL_SPECIAL, percent))
    .join('/')
  return rel.startsWith('../') ? rel : `./${rel}`
}

/**
 * The tool files a module at `file` cannot import under Node: a `\` in a file name (POSIX)
 * is read as `/` in a specifier, and refused percent-encoded (ERR_INVALID_MODULE_SPECIFIER).
 */
export function unimportableToolFiles(scan: ScanResult, file: string): string[] {
  if (path.sep !== '/') return []
  const dir = path.dirname(file)
  return scan.toolModules.map(m => m.absPath).filter(abs => path.relative(dir, abs).includes('\\'))
}

/** A single-quoted TS string literal type. */
const quote = (value: string): string => `'${JSON.stringify(value).slice(1, -1).replace(/'/g, "\\'")}'`

/**
 * The main file first, then its companions: the sources table (imported before any tool
 * module: ES modules evaluate in import order, so every tool has its `source` when it
 * registers) and, for lazy tools, their search index. Verify's markers are not written
 * (they are one module per tool file); `verify` is a bundler plugin option.
 */
export function generateModuleFiles(scan: ScanResult, options: GenerateModuleFilesOptions): ModuleFile[] {
  const dir = path.dirname(options.file)
  const ext = path.extname(options.file)
  const base = options.file.slice(0, options.file.length - ext.length)
  const typescript = TS_FILE.test(options.file)
  const companionFile = (id: string): string => `${base}.${parseCompanionId(id)?.kind ?? 'companion'}${ext}`
  const companions = new Map<string, string>()
  let text = generateModule(scan, {
    verify: false,
    importPath: m => relativeSpecifier(dir, m.absPath),
    companionPath: id => {
      const file = companionFile(id)
      companions.set(file, id)
      return relativeSpecifier(dir, file)
    },
  })
  if (options.prune === true) text += pruneCode(scan, `generated ${path.basename(options.file)}`)
  if (typescript) {
    const names = scan.toolNames.length === 0 ? 'never' : scan.toolNames.map(quote).join(' | ')
    // Generated code is not the project's to type-check (its lazy loaders' parameters are
    // untyped); what the file exports still has types.
    const typed = text
      .replace(/^export const toolNames = /m, 'export const toolNames: readonly ToolName[] = ')
      .replace(/^export const deferred = /m, 'export const deferred: readonly ToolName[] = ')
    text = `// @ts-nocheck\n${typed}\n/** Every statically known tool name of this build. */\nexport type ToolName = ${names}\n`
  }
  const files: ModuleFile[] = [{ file: options.file, content: text }]
  for (const [file, id] of companions) {
    const content =
      parseCompanionId(id)?.kind === 'search'
        ? generateSearchIndexModule(scan, options.prebuild)
        : generateCompanionModule(scan, id)
    if (content !== undefined) files.push({ file, content: typescript ? `// @ts-nocheck\n${content}` : content })
  }
  return files
}
