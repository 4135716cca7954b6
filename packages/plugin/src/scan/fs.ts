// The file-system surface the scanner needs, injectable so the core can be
// tested over an in-memory map and never depends on a bundler's fs.
import * as nodeFs from 'node:fs'

export interface ScanDirEntry {
  name: string
  isFile(): boolean
  isDirectory(): boolean
  isSymbolicLink(): boolean
}

export interface ScanStats {
  size: number
  mtimeMs: number
  isFile(): boolean
  isDirectory(): boolean
  isSymbolicLink(): boolean
}

type MaybePromise<T> = T | Promise<T>

/**
 * Errors carry Node's `code` (`ENOENT`, `ELOOP`, `EACCES`…). Each method may
 * answer synchronously or with a promise; failures may throw or reject.
 */
export interface ScanFs {
  readdir(dir: string): MaybePromise<ScanDirEntry[]>
  stat(path: string): MaybePromise<ScanStats>
  realpath(path: string): MaybePromise<string>
  readFile(path: string): MaybePromise<Uint8Array>
}

// Synchronous on purpose: for many small files, each fs.promises call is a
// thread-pool round trip (open, fstat, read, close), several times slower
// than the syscalls themselves. A scan runs once per build, before bundling.
// `realpathSync.native` resolves like fs.promises.realpath (realpath(3)).
export const nodeScanFs: ScanFs = {
  readdir: dir => nodeFs.readdirSync(dir, { withFileTypes: true }),
  stat: path => nodeFs.statSync(path),
  realpath: path => nodeFs.realpathSync.native(path),
  readFile: path => nodeFs.readFileSync(path),
}

/** The `code` of a Node system error, or undefined. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
