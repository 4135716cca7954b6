// The scanner's public shapes (./scanner.ts).
import type { ScanCacheStore } from './disk-cache.js'
import type { FileScan, ResolvedOptions, ScanResult } from '../types.js'

/** What changed since the last scan, as the watcher reported it. */
export interface ScanHint {
  /**
   * Absolute paths (or real paths of symlinked files) whose content changed — not
   * added, not removed. When every one is a file the last walk found, the scan reads
   * only these files again (and any invalidated ones the walk found) and skips the walk
   * and the stats of the others; the result is the one a full scan would give. Any
   * other path, or no previous scan, falls back to the full scan.
   */
  changed?: readonly string[]
}

export interface Scanner {
  readonly options: ResolvedOptions
  /**
   * Full scan, or with `hint.changed` a rescan of only those files (see ScanHint).
   * Concurrent calls are serialized: one runs, at most one more is queued, and the
   * queued one covers every call that joined it (full when any of them asked for it).
   */
  scan(hint?: ScanHint): Promise<ScanResult>
  /** Write a pending (debounced) disk-cache save now; resolves when it is on disk. */
  flush(): Promise<void>
  /** Forget the cached scan of one file (absolute path, or the real path of a symlinked one). */
  invalidate(absPath: string): void
  /** Whether the last scan found a tool module at this absolute (or real) path. */
  isToolFile(absPath: string): boolean
  /** The last scan's tool module at this absolute (or real) path. */
  toolModuleAt(absPath: string): FileScan | undefined
}

export interface ScannerOptions {
  /**
   * The on-disk scan cache. Default: `<root>/node_modules/.cache/toolreg/` when
   * the scanner uses the real file system, none with an injected `fs`.
   */
  cache?: ScanCacheStore | false
  /** Called when the disk cache cannot be read or written (the scan itself is unaffected). */
  onCacheError?: (error: unknown) => void
  /**
   * After the first scan (which waits for its save: a build exits right after it),
   * the cache is saved once this many ms pass without a scan. Default 1000.
   */
  saveDelayMs?: number
}
