// `virtual:tool-registry` kept current as a real file (../codegen/module-file.ts), for `toolreg
// generate` and `@toolreg/plugin/next` (packages/plugin/README.md, "toolreg generate",
// "Next.js"): one scan, the files written only when their content changed and never while the
// scan has errors (the previous file stays), each diagnostic printed once, and a watcher that
// rescans on every add, edit, rename or delete.
import { readFile, stat } from 'node:fs/promises'
import * as path from 'node:path'
import { dtsState, writeDtsFile } from '../codegen/dts-file.js'
import { generateDts } from '../codegen/dts.js'
import { isLazyModule } from '../codegen/lazy-table.js'
import { generateModuleFiles, type ModuleFile, unimportableToolFiles } from '../codegen/module-file.js'
import type { Prebuild } from '../codegen/search-index.js'
import { type DiagnosticFormat, formatDiagnostics } from '../diagnostics/format.js'
import { createScanner } from '../scan/scanner.js'
import type { Diagnostic, ResolvedOptions, ScanResult } from '../types.js'
import { outConflict } from './out-path.js'
import { type ToolDirWatcher, watchToolDirs } from './watch.js'

/** The default output, relative to the root. */
export const DEFAULT_GENERATE_OUT = 'tool-registry.gen.ts'

interface GeneratedFileIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

export interface GeneratedFileOptions {
  /** Absolute path of the file to write. */
  out: string
  format: DiagnosticFormat
  io: GeneratedFileIo
  /** Writes one file; undefined when written, else the one-line reason. */
  write: (file: string, content: string) => Promise<string | undefined>
  /** Also write the `.d.ts` of `virtual:tool-registry` (the `dts` option), as the bundler plugins do. */
  dts?: boolean
  /** Drop the tools of deleted or renamed files when the file is evaluated again (../codegen/module-file.ts). */
  prune?: boolean
  /** `toolreg generate --check`: write nothing; 1 when a file would change (or is missing). */
  check?: boolean
  /** Prefixes of the lines printed: `error` on stderr (`toolreg: generate: `), `info` on stdout. */
  label: { error: string; info: string }
}

/**
 * One run's outcome: 0 written or current, 1 error diagnostics or (with `check`) a stale file
 * (nothing written), 2 a file that could not or may not be written.
 */
export interface GeneratedFileRun {
  code: 0 | 1 | 2
  result: ScanResult
}

/** @toolreg/core's build-time indexer, loaded only for a scan with lazy tools. */
let indexer: Promise<Prebuild | undefined> | undefined
const loadIndexer = (): Promise<Prebuild | undefined> =>
  (indexer ??= import('@toolreg/core').then(
    (core: { prebuildSearchIndex?: Prebuild }) => core.prebuildSearchIndex,
    () => undefined,
  ))

const hasErrors = (result: ScanResult): boolean => result.diagnostics.some(d => d.severity === 'error')

const key = (d: Diagnostic): string => JSON.stringify([d.code, d.severity, d.file, d.line, d.column, d.message])

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

/** What `virtual:tool-registry` as files at `out` would be, or why they cannot be written. */
type ModuleFilesPlan = { ok: true; files: ModuleFile[] } | { ok: false; code: 1 | 2; message: string }

const rootName = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/')

/**
 * The files of `out` and its companions for a scan, or (exit code 2) an out path that may not
 * be written (./out-path.ts) and (1) a scan with errors or a tool file Node cannot import.
 */
async function planModuleFiles(result: ScanResult, args: { out: string; prune?: boolean }): Promise<ModuleFilesPlan> {
  const { root, dirs } = result.options
  const name = (file: string): string => rootName(root, file)
  const scanned = result.files.map(f => f.absPath)
  // The sibling files are imported by the main file's name (../codegen/module-file.ts).
  if (path.sep === '/' && path.basename(args.out).includes('\\'))
    return {
      ok: false,
      code: 2,
      message: `refusing to write ${name(args.out)}: Node reads the "\\" in its name as "/" where it imports its sibling files — choose another name`,
    }
  const refused = await outConflict(root, dirs, [args.out], scanned)
  if (refused) return { ok: false, code: 2, message: `refusing to write ${name(refused.file)}: ${refused.why}` }
  if (hasErrors(result))
    return { ok: false, code: 1, message: `${name(args.out)} not written: the tool files have errors` }
  const unimportable = unimportableToolFiles(result, args.out)
  if (unimportable.length > 0)
    return {
      ok: false,
      code: 1,
      message: `${name(args.out)} not written: Node cannot import ${unimportable.map(name).join(', ')} (a "\\" in a file name is "/" in an import specifier, and refused percent-encoded) — rename the file`,
    }
  const prebuild = result.toolModules.some(isLazyModule) ? await loadIndexer() : undefined
  const files = generateModuleFiles(result, { file: args.out, prebuild, prune: args.prune ?? false })
  const companion = await outConflict(
    root,
    dirs,
    files.map(f => f.file),
    scanned,
  )
  if (companion) return { ok: false, code: 2, message: `refusing to write ${name(companion.file)}: ${companion.why}` }
  return { ok: true, files }
}

/** The first of `files` whose content on disk differs from its own (or that is missing). */
async function staleModuleFile(
  files: readonly ModuleFile[],
): Promise<{ file: string; state: 'missing' | 'stale' } | undefined> {
  for (const { file, content } of files) {
    const onDisk = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (onDisk === undefined) return { file, state: 'missing' }
    if (onDisk !== content) return { file, state: 'stale' }
  }
  return undefined
}

export type ModuleFilesState =
  | { ok: true; stale?: { file: string; state: 'missing' | 'stale' } }
  | { ok: false; code: 1 | 2; message: string }

/**
 * Whether the files at `out` are what `toolreg generate` would write now (`stale`: the first
 * that is not). The variant `withToolreg` writes for `next dev` (with its prune code) counts
 * as current too: both are up to date with the tool files.
 */
export async function moduleFilesState(result: ScanResult, out: string): Promise<ModuleFilesState> {
  const plan = await planModuleFiles(result, { out })
  if (!plan.ok) return plan
  const stale = await staleModuleFile(plan.files)
  if (stale === undefined) return { ok: true }
  const dev = await planModuleFiles(result, { out, prune: true })
  return dev.ok && (await staleModuleFile(dev.files)) === undefined ? { ok: true } : { ok: true, stale }
}

/** The one-line notice of `toolreg generate --check` and `toolreg check`. */
export function staleModuleFileMessage(root: string, stale: { file: string; state: 'missing' | 'stale' }): string {
  return stale.state === 'missing'
    ? `${rootName(root, stale.file)} is missing: run \`toolreg generate\` (and commit it)`
    : `${rootName(root, stale.file)} is out of date with the tool files: run \`toolreg generate\` and commit it`
}

export function createGeneratedFile(options: ResolvedOptions, args: GeneratedFileOptions) {
  const { io } = args
  const { error: label, info } = args.label
  // Every file through @babel/parser, as `toolreg check`: nothing else compiles them first.
  const scanner = createScanner({ ...options, fullParse: true })
  const root = options.root
  const name = (file: string) => path.relative(root, file).split(path.sep).join('/')
  // Each diagnostic is printed when it appears, not again on every rewrite while it stays.
  let shown = new Set<string>()
  const report = (result: ScanResult): void => {
    const fresh = result.diagnostics.filter(d => !shown.has(key(d)))
    shown = new Set(result.diagnostics.map(key))
    if (fresh.length > 0) io.stderr(formatDiagnostics(fresh, args.format === 'json' ? 'text' : args.format) + '\n')
  }
  let lastDts: string | undefined

  async function writeFiles(result: ScanResult): Promise<0 | 1 | 2> {
    if (args.check === true) {
      const state = await moduleFilesState(result, args.out)
      if (!state.ok || state.stale !== undefined) {
        io.stderr(`${label}${state.ok ? staleModuleFileMessage(root, state.stale!) : state.message}\n`)
        return state.ok ? 1 : state.code
      }
      io.stdout(`${info}${name(args.out)} is up to date (${result.toolNames.length} tools)\n`)
      return 0
    }
    const plan = await planModuleFiles(result, { out: args.out, prune: args.prune ?? false })
    if (!plan.ok) {
      io.stderr(`${label}${plan.message}\n`)
      return plan.code
    }
    const { files } = plan
    const written: string[] = []
    for (const { file, content } of files) {
      const onDisk = await readFile(file, 'utf8').catch(() => undefined)
      if (onDisk === content) continue
      const failure = await args.write(file, content)
      if (failure !== undefined) {
        io.stderr(failure + '\n')
        return 2
      }
      written.push(name(file))
    }
    if (args.dts === true && result.options.dts !== false) {
      const content = generateDts(result)
      const state = content === lastDts ? undefined : await dtsState(result, content)
      if (state) await writeDtsFile(state)
      lastDts = content
    }
    io.stdout(
      written.length === 0
        ? `${info}${name(args.out)} is up to date (${result.toolNames.length} tools)\n`
        : `${info}wrote ${written.join(', ')} (${result.toolNames.length} tools)\n`,
    )
    return 0
  }

  /**
   * Scan (with `paths`: the files a watcher reported) and write. Content changes of files that
   * still exist rescan only them; an add, rename or delete walks the dirs again (the scanner
   * falls back by itself for unknown paths).
   */
  async function update(paths?: Set<string>): Promise<GeneratedFileRun> {
    let hint: { changed: string[] } | undefined
    if (paths) {
      const present = await Promise.all([...paths].map(settledFile))
      for (const p of paths) scanner.invalidate(p)
      if (present.every(Boolean)) hint = { changed: [...paths] }
    }
    const result = await scanner.scan(hint)
    report(result)
    return { code: await writeFiles(result), result }
  }

  let queue: Promise<unknown> = Promise.resolve()
  /**
   * Rewrite on every change until closed. `persistent: false` keeps no process alive (Next
   * loads its config in processes that must exit: docs/architecture.md, platform facts).
   */
  function watch(persistent: boolean): ToolDirWatcher {
    const dirs = options.dirs.map(dir => path.resolve(root, dir))
    const watcher = watchToolDirs({
      dirs,
      recursive: options.include.some(pattern => pattern.includes('/')),
      persistent,
      onChange: paths => {
        queue = queue.then(() => update(paths)).catch(error => io.stderr(`${label}${(error as Error).message}\n`))
      },
      onError: error => io.stderr(`${label}watching failed: ${(error as Error).message}\n`),
    })
    io.stdout(`${info}watching ${dirs.map(d => path.relative(root, d) || '.').join(', ')} for changes\n`)
    return watcher
  }

  /** After the pending rewrites: save the scan cache. */
  const close = (): Promise<void> => queue.then(() => scanner.flush())

  return { update, watch, close }
}
