// `toolreg generate [--out FILE] [--watch]`: `virtual:tool-registry` as a real file for the
// runtimes and bundlers no plugin reaches (packages/plugin/README.md, "toolreg generate").
// The same codegen as the plugin's virtual module (../codegen/module-file.ts); written only
// when its content changed, and never while the scan has errors (the previous file stays).
import { readFile, stat } from 'node:fs/promises'
import * as path from 'node:path'
import { generateModuleFiles } from '../codegen/module-file.js'
import type { Prebuild } from '../codegen/search-index.js'
import { isLazyModule } from '../codegen/lazy-table.js'
import { watchToolDirs } from '../dev/watch.js'
import { formatDiagnostics, type DiagnosticFormat } from '../diagnostics/format.js'
import { createScanner } from '../scan/scanner.js'
import type { Diagnostic, ResolvedOptions, ScanResult } from '../types.js'
import { writeOut } from './write-out.js'

/** The default output, relative to the root. */
export const DEFAULT_GENERATE_OUT = 'tool-registry.gen.ts'

interface GenerateIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

interface GenerateArgs {
  /** Absolute path of the file to write. */
  out: string
  watch: boolean
  format: DiagnosticFormat
}

/** @toolreg/core's build-time indexer, loaded only for a scan with lazy tools. */
let indexer: Promise<Prebuild | undefined> | undefined
const loadIndexer = (): Promise<Prebuild | undefined> =>
  (indexer ??= import('@toolreg/core').then(
    (core: { prebuildSearchIndex?: Prebuild }) => core.prebuildSearchIndex,
    () => undefined,
  ))

const hasErrors = (result: ScanResult): boolean => result.diagnostics.some(d => d.severity === 'error')

/** One run: 0 written or current, 1 error diagnostics (nothing written), 2 a file could not be written. */
async function writeFiles(result: ScanResult, args: GenerateArgs, io: GenerateIo): Promise<number> {
  const root = result.options.root
  const name = (file: string) => path.relative(root, file).split(path.sep).join('/')
  if (hasErrors(result)) {
    io.stderr(`toolreg: generate: ${name(args.out)} not written: the tool files have errors\n`)
    return 1
  }
  const prebuild = result.toolModules.some(isLazyModule) ? await loadIndexer() : undefined
  const written: string[] = []
  for (const { file, content } of generateModuleFiles(result, { file: args.out, prebuild })) {
    const onDisk = await readFile(file, 'utf8').catch(() => undefined)
    if (onDisk === content) continue
    const failure = await writeOut(file, content)
    if (failure !== undefined) {
      io.stderr(failure.replace('--out:', 'generate:') + '\n')
      return 2
    }
    written.push(name(file))
  }
  io.stdout(
    written.length === 0
      ? `${name(args.out)} is up to date (${result.toolNames.length} tools)\n`
      : `wrote ${written.join(', ')} (${result.toolNames.length} tools)\n`,
  )
  return 0
}

/**
 * Whether `file` is a file, once it is not empty: a plain save is a truncate, then a write,
 * and the empty file in between would be scanned (dropping its tools for one rewrite) —
 * waited out for up to 100 ms, as the dev server does.
 */
async function settledFile(file: string): Promise<boolean> {
  for (let waited = 0; ; waited += 10) {
    const info = await stat(file).catch(() => undefined)
    if (info === undefined || !info.isFile()) return false
    if (info.size > 0 || waited >= 100) return true
    await new Promise(resolve => setTimeout(resolve, 10))
  }
}

const key = (d: Diagnostic): string => JSON.stringify([d.code, d.severity, d.file, d.line, d.column, d.message])

export async function generate(options: ResolvedOptions, args: GenerateArgs, io: GenerateIo): Promise<number> {
  // The CLI's scan: every file through @babel/parser, as `toolreg check`.
  const scanner = createScanner({ ...options, fullParse: true })
  // Each diagnostic is printed when it appears, not again on every rewrite while it stays.
  let shown = new Set<string>()
  const report = (result: ScanResult): void => {
    const fresh = result.diagnostics.filter(d => !shown.has(key(d)))
    shown = new Set(result.diagnostics.map(key))
    if (fresh.length > 0) io.stderr(formatDiagnostics(fresh, args.format === 'json' ? 'text' : args.format) + '\n')
  }
  const first = await scanner.scan()
  report(first)
  const code = await writeFiles(first, args, io)
  if (!args.watch) return code

  const dirs = options.dirs.map(dir => path.resolve(options.root, dir))
  return new Promise<number>(resolve => {
    let queue = Promise.resolve()
    const watcher = watchToolDirs({
      dirs,
      recursive: options.include.some(pattern => pattern.includes('/')),
      persistent: true,
      onChange: paths => {
        queue = queue.then(async () => {
          // Content changes of files that still exist rescan only them; an add, rename or
          // delete walks the dirs again (the scanner falls back by itself for unknown paths).
          const present = await Promise.all([...paths].map(settledFile))
          for (const p of paths) scanner.invalidate(p)
          const result = await scanner.scan(present.every(Boolean) ? { changed: [...paths] } : undefined)
          report(result)
          await writeFiles(result, args, io)
        })
        queue = queue.catch(error => io.stderr(`toolreg: generate: ${(error as Error).message}\n`))
      },
      onError: error => io.stderr(`toolreg: generate: watching failed: ${(error as Error).message}\n`),
    })
    io.stdout(`watching ${dirs.map(d => path.relative(options.root, d) || '.').join(', ')} for changes\n`)
    const stop = (): void => {
      watcher.close()
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      void queue.then(() => scanner.flush()).then(() => resolve(0))
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
