// The scanner: walks the dirs, rescans only files whose size or mtime changed,
// then computes the cross-file diagnostics and the manifest. A dev save of a
// known file (a `changed` hint) skips the walk and the stats: only that file is
// read again. All state lives in the closure returned by createScanner.
import * as path from 'node:path'
import { createDiskCache, type CacheEntry } from './disk-cache.js'
import { nodeScanFs, type ScanFs, type ScanStats } from './fs.js'
import { resolveOptions } from '../options/options.js'
import { scanFile } from './file.js'
import { finishScan } from './cross-file/cross-file.js'
import { mapLimit } from './map-limit.js'
import { serializeRuns } from './serial.js'
import type { FileScan, ResolvedOptions, ScanResult, ToolRegistryOptions } from '../types.js'
import { walkDirs, type WalkedFile, type WalkResult } from './walk.js'
import type { ScanHint, Scanner, ScannerOptions } from './scanner-types.js'

export type { ScanHint, Scanner, ScannerOptions } from './scanner-types.js'

// Enough parallel I/O to hide latency, few enough to stay clear of EMFILE.
const IO_CONCURRENCY = 64
// Serializing a large cache takes milliseconds (bench/PROFILE.md): a dev save must not wait for it.
const SAVE_DELAY_MS = 1000

/** What a queued scan must do: every hint that joined it, full when any caller asked for it. */
interface ScanRequest {
  full: boolean
  changed: Set<string>
}

/** The last full walk and the file scans in its order; each file's indexes by absolute and real path, built on first use (a build never rescans). */
interface LastScan {
  walk: WalkResult
  files: readonly FileScan[]
  indexes?: Map<string, number[]>
}

function indexWalk(walk: WalkResult): Map<string, number[]> {
  const indexes = new Map<string, number[]>()
  const add = (key: string, i: number): void => {
    const list = indexes.get(key)
    if (list === undefined) indexes.set(key, [i])
    else if (!list.includes(i)) list.push(i)
  }
  walk.files.forEach((f, i) => {
    add(f.absPath, i)
    if (f.realPath !== undefined) add(f.realPath, i)
  })
  return indexes
}

export function createScanner(options: ResolvedOptions, fs?: ScanFs, scannerOptions: ScannerOptions = {}): Scanner {
  const io = fs ?? nodeScanFs
  const store = scannerOptions.cache ?? (fs === undefined ? createDiskCache(options) : false)
  // The disk cache only saves work: failing to use it must never fail a scan.
  const onCacheError = scannerOptions.onCacheError ?? (() => {})
  const saveDelayMs = scannerOptions.saveDelayMs ?? SAVE_DELAY_MS
  let cache = new Map<string, CacheEntry>()
  let loaded = false
  let dirty = false
  let saving: Promise<void> = Promise.resolve()
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  let byPath = new Map<string, FileScan>()
  let last: LastScan | undefined
  let lastResult: ScanResult | undefined
  /** Paths invalidated since the last scan started: a targeted rescan reads the known ones again too. */
  const invalidated = new Set<string>()

  /** `fresh`: ignore the cache entry (the watcher said the file changed). */
  const scanWithStats = async (walked: WalkedFile, stats: ScanStats, fresh: boolean): Promise<FileScan> => {
    const hit = fresh ? undefined : cache.get(walked.absPath)
    if (hit && hit.size === stats.size && hit.mtimeMs === stats.mtimeMs) {
      // Reused as it is when the walk names it the same way (the common case: no copy per file).
      if (hit.scan.file === walked.file && hit.scan.realPath === walked.realPath) return hit.scan
      const { realPath: _, ...rest } = hit.scan
      return { ...rest, file: walked.file, ...(walked.realPath !== undefined ? { realPath: walked.realPath } : {}) }
    }
    const scan = await scanFile(walked, options, io)
    // A read failure (TR004 without a position) is not cached: a chmod does not change the mtime.
    if (scan.diagnostics.some(d => d.code === 'TR004' && d.line === 0)) {
      cache.delete(walked.absPath)
      return scan
    }
    cache.set(walked.absPath, { size: stats.size, mtimeMs: stats.mtimeMs, scan })
    dirty = true
    return scan
  }

  const scanOne = async (walked: WalkedFile): Promise<FileScan> => {
    let stats
    try {
      stats = await io.stat(walked.absPath)
    } catch {
      cache.delete(walked.absPath)
      return scanFile(walked, options, io) // reports the read error as TR004
    }
    return scanWithStats(walked, stats, false)
  }

  /**
   * Every walked file's scan, in walk order. A file whose synchronous stat matches its
   * cache entry is answered in the loop (a warm build: no promise per file); the others
   * go through scanOne, a bounded number at a time.
   */
  const scanAll = async (walked: readonly WalkedFile[]): Promise<FileScan[]> => {
    const files = new Array<FileScan>(walked.length)
    const rest: number[] = []
    for (let i = 0; i < walked.length; i++) {
      const w = walked[i]!
      const hit = cache.get(w.absPath)
      let stats: ScanStats | Promise<ScanStats> | undefined
      if (hit !== undefined) {
        try {
          stats = io.stat(w.absPath)
        } catch {
          stats = undefined
        }
      }
      if (
        hit !== undefined &&
        stats !== undefined &&
        !(stats instanceof Promise) &&
        hit.size === stats.size &&
        hit.mtimeMs === stats.mtimeMs &&
        hit.scan.file === w.file &&
        hit.scan.realPath === w.realPath
      )
        files[i] = hit.scan
      else rest.push(i)
    }
    if (rest.length > 0) {
      const scanned = await mapLimit(rest, IO_CONCURRENCY, i => scanOne(walked[i]!))
      for (let k = 0; k < rest.length; k++) files[rest[k]!] = scanned[k]!
    }
    return files
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

  // A one-shot process may end with a save still waiting for its timer (which does not
  // keep the process alive): write it when the event loop runs dry.
  const onBeforeExit = (): void => void saveNow()

  const saveNow = (): Promise<void> => {
    clearTimeout(saveTimer)
    saveTimer = undefined
    process.off('beforeExit', onBeforeExit)
    if (!store || !dirty) return saving
    dirty = false
    const snapshot = new Map(cache)
    // Saves run one after another, so the newest snapshot is written last.
    saving = saving.then(() => store.save(snapshot)).catch(onCacheError)
    return saving
  }

  /** Long-lived processes (dev, watch): save once scans have been quiet for saveDelayMs. */
  const saveLater = (): void => {
    if (!store || (!dirty && saveTimer === undefined)) return
    if (saveTimer === undefined) process.once('beforeExit', onBeforeExit)
    clearTimeout(saveTimer)
    saveTimer = setTimeout(() => void saveNow(), saveDelayMs)
    saveTimer.unref?.()
  }

  /** The cross-file part (./cross-file/cross-file.ts); the tool modules indexed by path for the hooks. */
  const finish = async (walk: WalkResult, files: FileScan[]): Promise<ScanResult> => {
    const result = await finishScan(options, io, walk, files, lastResult)
    lastResult = result
    byPath = new Map()
    for (const m of result.toolModules) {
      byPath.set(m.absPath, m)
      if (m.realPath !== undefined) byPath.set(m.realPath, m)
    }
    return result
  }

  const fullScan = async (): Promise<ScanResult> => {
    const first = !loaded
    if (first) await loadDiskCache()
    const walk = await walkDirs(options, io)
    const files = await scanAll(walk.files)
    if (cache.size !== files.length || dirty) {
      const present = new Set(walk.files.map(f => f.absPath))
      for (const key of cache.keys()) {
        if (!present.has(key)) {
          cache.delete(key)
          dirty = true
        }
      }
    }
    // A build scans once and exits: wait for its save. Dev and watch rescans save later.
    if (first) await saveNow()
    else saveLater()
    last = { walk, files }
    return finish(walk, files)
  }

  /**
   * Read again only the changed files (and invalidated ones the walk found), keeping the
   * last walk and every other file's scan. Undefined when that could differ from a full
   * scan: an unknown path (an added file), a file gone or no longer a file (a removal),
   * a symlink that now points elsewhere.
   */
  const targetedScan = async (
    prev: LastScan,
    changed: ReadonlySet<string>,
    stale: readonly string[],
  ): Promise<ScanResult | undefined> => {
    prev.indexes ??= indexWalk(prev.walk)
    const targets = new Set<number>()
    for (const p of changed) {
      const found = prev.indexes.get(p)
      if (found === undefined) return undefined
      for (const i of found) targets.add(i)
    }
    for (const p of stale) for (const i of prev.indexes.get(p) ?? []) targets.add(i)

    const checked: { i: number; walked: WalkedFile; stats: ScanStats }[] = []
    for (const i of targets) {
      const walked = prev.walk.files[i]!
      try {
        if (walked.realPath !== undefined && (await io.realpath(walked.absPath)) !== walked.realPath) return undefined
        const stats = await io.stat(walked.absPath)
        if (!stats.isFile()) return undefined
        checked.push({ i, walked, stats })
      } catch {
        return undefined
      }
    }
    // A new array: earlier results keep their files.
    const files = [...prev.files]
    await Promise.all(
      checked.map(async ({ i, walked, stats }) => {
        files[i] = await scanWithStats(walked, stats, true)
      }),
    )
    saveLater()
    last = { ...prev, files }
    return finish(prev.walk, files)
  }

  const run = async (request: ScanRequest): Promise<ScanResult> => {
    const stale = [...invalidated]
    invalidated.clear()
    if (!request.full && last !== undefined) {
      const result = await targetedScan(last, request.changed, stale)
      if (result !== undefined) return result
    }
    return fullScan()
  }

  const normalize = (p: string): string => path.resolve(p)

  const requestOf = (hint: ScanHint | undefined): ScanRequest => ({
    full: hint?.changed === undefined,
    changed: new Set((hint?.changed ?? []).map(normalize)),
  })

  const serialRun = serializeRuns(run, (queued: ScanRequest, incoming: ScanRequest) => {
    // The queued scan reads every file any of its callers named.
    queued.full ||= incoming.full
    for (const p of incoming.changed) queued.changed.add(p)
  })
  const scan = (hint?: ScanHint): Promise<ScanResult> => serialRun(requestOf(hint))

  return {
    options,
    scan,
    flush: saveNow,
    invalidate(absPath) {
      const key = normalize(absPath)
      const abs = byPath.get(key)?.absPath ?? key
      cache.delete(abs)
      cache.delete(key)
      invalidated.add(abs)
      invalidated.add(key)
    },
    // Bundlers hand over normalized absolute ids: try those as they are before path.resolve.
    isToolFile: absPath => byPath.has(absPath) || byPath.has(normalize(absPath)),
    toolModuleAt: absPath => byPath.get(absPath) ?? byPath.get(normalize(absPath)),
  }
}

/** One-shot scan (README: "API (bundler-free core)"): resolve the options, walk, detect, diagnose. */
export async function scanTools(
  options: ToolRegistryOptions = {},
  deps: { fs?: ScanFs } & ScannerOptions = {},
): Promise<ScanResult> {
  const { fs, ...scannerOptions } = deps
  return createScanner(resolveOptions(options), fs, scannerOptions).scan()
}
