// The file-system surface the scanner needs, injectable so the core can be
// tested over an in-memory map and never depends on a bundler's fs.
import * as nodeFs from 'node:fs/promises'

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

/** Errors carry Node's `code` (`ENOENT`, `ELOOP`, `EACCES`…). */
export interface ScanFs {
  readdir(dir: string): Promise<ScanDirEntry[]>
  stat(path: string): Promise<ScanStats>
  lstat(path: string): Promise<ScanStats>
  realpath(path: string): Promise<string>
  readFile(path: string): Promise<Uint8Array>
}

export const nodeScanFs: ScanFs = {
  readdir: (dir) => nodeFs.readdir(dir, { withFileTypes: true }),
  stat: (path) => nodeFs.stat(path),
  lstat: (path) => nodeFs.lstat(path),
  realpath: (path) => nodeFs.realpath(path),
  readFile: (path) => nodeFs.readFile(path),
}

/** The `code` of a Node system error, or undefined. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
