// The scanner: walks the dirs, rescans only files whose size or mtime changed,
// then computes the cross-file diagnostics and the manifest. All state lives
// in the closure returned by createScanner.
import * as path from 'node:path'
import { createDiskCache, type CacheEntry, type ScanCacheStore } from './disk-cache.js'
import { duplicateDiagnostics, duplicateGroups } from './duplicates.js'
import { errorCode, nodeScanFs, type ScanFs } from './fs.js'
import { buildManifest, staticToolNames } from './manifest.js'
import { resolveOptions } from './options.js'
import { applyStrict, scanFile } from './scan-file.js'
import { codeFrame, decodeSource } from './source.js'
import type { Diagnostic, FileScan, ResolvedOptions, ScanResult, ToolRegistryOptions } from './types.js'
import { walkDirs, type WalkedFile } from './walk.js'

export interface Scanner {
  readonly options: ResolvedOptions
  /** Full scan. Concurrent calls are serialized: one runs, at most one more is queued. */
  scan(): Promise<ScanResult>
  /** Forget the cached scan of one file (absolute path, or the real path of a symlinked one). */
  invalidate(absPath: string): void
  /** Whether the last scan found a tool module at this absolute (or real) path. */
  isToolFile(absPath: string): boolean
  /** The last scan's tool module at this absolute (or real) path. */
  getFileScan(absPath: string): FileScan | undefined
}

export interface ScannerOptions {
  /**
   * The on-disk scan cache. Default: `<root>/node_modules/.cache/toolreg/` when
   * the scanner uses the real file system, none with an injected `fs`.
   */
  cache?: ScanCacheStore | false
  /** Called when the disk cache cannot be read or written (the scan itself is unaffected). */
  onCacheError?: (error: unknown) => void
}

// Enough parallel I/O to hide latency, few enough to stay clear of EMFILE.
const IO_CONCURRENCY = 64

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
}

export function createScanner(options: ResolvedOptions, fs?: ScanFs, scannerOptions: ScannerOptions = {}): Scanner {
  const io = fs ?? nodeScanFs
  const store = scannerOptions.cache ?? (fs === undefined ? createDiskCache(options) : false)
  // The disk cache only saves work: failing to use it must never fail a scan.
  const onCacheError = scannerOptions.onCacheError ?? (() => {})
  let cache = new Map<string, CacheEntry>()
  let loaded = false
  let dirty = false
  let saving: Promise<void> = Promise.resolve()
  let byPath = new Map<string, FileScan>()
  let running: Promise<ScanResult> | undefined
  let queued: Promise<ScanResult> | undefined

  const scanOne = async (walked: WalkedFile): Promise<FileScan> => {
    let stats
    try {
      stats = await io.stat(walked.absPath)
    } catch {
      cache.delete(walked.absPath)
      return scanFile(walked, options, io) // reports the read error as TR004
    }
    const hit = cache.get(walked.absPath)
    if (hit && hit.size === stats.size && hit.mtimeMs === stats.mtimeMs) {
      const { realPath: _, ...rest } = hit.scan
      return { ...rest, file: walked.file, ...(walked.realPath !== undefined ? { realPath: walked.realPath } : {}) }
    }
    const scan = await scanFile(walked, options, io)
    // A read failure (TR004 without a position) is not cached: a chmod does not change the mtime.
    if (scan.diagnostics.some((d) => d.code === 'TR004' && d.line === 0)) {
      cache.delete(walked.absPath)
      return scan
    }
    cache.set(walked.absPath, { size: stats.size, mtimeMs: stats.mtimeMs, scan })
    dirty = true
    return scan
  }

  // TR001 frames need the source of the few files involved: read them again.
  // A file gone since the walk (an editor's rename reported as add, then
  // unlink) no longer collides: its sites are dropped.
  const duplicatesOf = async (toolModules: readonly FileScan[]): Promise<Diagnostic[]> => {
    const groups = duplicateGroups(toolModules)
    if (groups.length === 0) return []
    const absOf = new Map(toolModules.map((f) => [f.file, f.absPath]))
    const sources = new Map<string, string | undefined>()
    const gone = new Set<string>()
    await Promise.all([...new Set(groups.flat().map((s) => s.file))].map(async (file) => {
      try {
        const decoded = decodeSource(await io.readFile(absOf.get(file)!))
        sources.set(file, decoded.ok ? decoded.code : undefined)
      } catch (error) {
        // Gone: no longer a collision. Any other read error only costs the frame.
        if (errorCode(error) === 'ENOENT') gone.add(file)
      }
    }))
    const live = groups.map((g) => g.filter((s) => !gone.has(s.file))).filter((g) => g.length > 1)
    return duplicateDiagnostics(live, (site) => {
      const code = sources.get(site.file)
      return code === undefined ? undefined : codeFrame(code, site.line, site.column)
    })
  }

  const loadDiskCache = async (): Promise<void> => {
    loaded = true
    if (!store) return
    try {
      const stored = await store.load()
      if (stored && cache.size === 0) cache = stored
      else dirty = true
    } catch (error) {
      onCacheError(error)
    }
  }

  const saveDiskCache = (): Promise<void> => {
    if (!store || !dirty) return saving
    dirty = false
    const snapshot = new Map(cache)
    // Saves run one after another, so the newest snapshot is written last.
    saving = saving.then(() => store.save(snapshot)).catch(onCacheError)
    return saving
  }

  const run = async (): Promise<ScanResult> => {
    const first = !loaded
    if (first) await loadDiskCache()
    const walk = await walkDirs(options, io)
    const files = await mapLimit(walk.files, IO_CONCURRENCY, scanOne)
    const present = new Set(walk.files.map((f) => f.absPath))
    for (const key of cache.keys()) {
      if (!present.has(key)) {
        cache.delete(key)
        dirty = true
      }
    }
    // A build scans once and exits: wait for its save. Dev rescans save in the background.
    const saved = saveDiskCache()
    if (first) await saved

    const toolModules = files.filter((f) => f.isToolModule)
    const duplicates = await duplicatesOf(toolModules)
    const emptyDirs: Diagnostic[] = walk.dirs
      .filter((dir) => {
        const absDir = path.resolve(options.root, dir)
        const inDir = (f: FileScan): boolean => f.absPath.startsWith(absDir + path.sep)
        // A file that failed to read or parse already has its TR004: no second report.
        return !files.some((f) => inDir(f) && (f.isToolModule || f.diagnostics.some((d) => d.code === 'TR004')))
      })
      .map((dir) => ({ code: 'TR007', severity: 'warning', file: dir, line: 0, column: 0, message: `Tool directory ${dir} holds no tool module` }))
    const diagnostics = [
      ...applyStrict([...walk.diagnostics, ...emptyDirs], options.strict),
      ...files.flatMap((f) => f.diagnostics),
      ...duplicates,
    ].sort(compareDiagnostics)

    byPath = new Map()
    for (const m of toolModules) {
      byPath.set(m.absPath, m)
      if (m.realPath !== undefined) byPath.set(m.realPath, m)
    }
    return { options, files, toolModules, diagnostics, toolNames: staticToolNames(toolModules), manifest: buildManifest(toolModules) }
  }

  const scan = (): Promise<ScanResult> => {
    if (queued) return queued
    if (!running) {
      running = run().finally(() => { running = undefined })
      return running
    }
    queued = running.catch(() => undefined).then(() => {
      queued = undefined
      return scan()
    })
    return queued
  }

  const normalize = (p: string): string => path.resolve(p)

  return {
    options,
    scan,
    invalidate(absPath) {
      const key = normalize(absPath)
      cache.delete(byPath.get(key)?.absPath ?? key)
      cache.delete(key)
    },
    // Bundlers hand over normalized absolute ids: try those as they are before path.resolve.
    isToolFile: (absPath) => byPath.has(absPath) || byPath.has(normalize(absPath)),
    getFileScan: (absPath) => byPath.get(absPath) ?? byPath.get(normalize(absPath)),
  }
}

/** One-shot scan (SPEC §3.1): resolve the options, walk, detect, diagnose. */
export async function scanTools(
  options: ToolRegistryOptions = {},
  deps: { fs?: ScanFs } & ScannerOptions = {},
): Promise<ScanResult> {
  const { fs, ...scannerOptions } = deps
  return createScanner(resolveOptions(options), fs, scannerOptions).scan()
}
