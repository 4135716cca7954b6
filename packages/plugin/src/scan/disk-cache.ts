// The on-disk half of the scan cache (README: "The scan cache"): a second `vite build` does
// not parse unchanged files again. One JSON file per (plugin build, options)
// under <root>/node_modules/.cache/toolreg/; a corrupt or foreign file is
// ignored and rewritten. Writes go through a temp file and a rename, so two
// processes sharing a root never read half a file.
import { createHash } from 'node:crypto'
// Synchronous on purpose (as the scanner's reads): a build waits for the load and the
// first save, and each fs.promises call is a thread-pool round trip (bench/PROFILE.md).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { packageRoot } from './package-root.js'
import type { FileScan, ResolvedOptions } from '../types.js'

export interface CacheEntry {
  size: number
  mtimeMs: number
  scan: FileScan
}

export interface ScanCacheStore {
  /** The stored entries by absolute path, or undefined when there is no usable cache. */
  load(): Promise<Map<string, CacheEntry> | undefined>
  save(entries: ReadonlyMap<string, CacheEntry>): Promise<void>
  /** The cache file. */
  readonly file: string
}

// The name changes with the stored form: an older plugin's file is foreign, never misread.
const FORMAT = 'toolreg-scan-cache-2'

// The plugin's own compiled code is part of the key: a rebuilt detector must
// never be served results of the old one, even without a version bump. In the bundled
// build this module lives in a chunk named by a hash of its content and of the names of
// the chunks it imports (the detectors among them), so the name says it with no I/O.
// Anywhere else (the sources run by a test runner) the size and mtime of every compiled
// file of the package (all folders: detect/, scan/…) say it without reading them (npm
// installs every file with one fixed mtime: there the version tells releases apart).
const HASHED_CHUNK = /^[\w-]+-[\w-]{8}\.js$/
let buildFingerprint: string | undefined
const fingerprint = (): string =>
  (buildFingerprint ??= chunkFingerprint(import.meta.url) ?? codeFingerprint(path.join(packageRoot(), 'dist')))

/** The file name of a hashed chunk of the bundled build (`scanner-BjEYsANP.js`), else undefined. */
export function chunkFingerprint(moduleUrl: string): string | undefined {
  const name = moduleUrl.slice(moduleUrl.lastIndexOf('/') + 1)
  return HASHED_CHUNK.test(name) ? name : undefined
}

/** The version in `distRoot/../package.json` and the size and mtime of every `.js` file under `distRoot`. */
export function codeFingerprint(distRoot: string): string {
  const hash = createHash('sha1')
  // The package version, then the code itself.
  try {
    hash.update(readFileSync(path.join(distRoot, '../package.json')))
  } catch {
    // no package.json next to the build: the code alone
  }
  const names = (readdirSync(distRoot, { recursive: true }) as string[]).filter(n => n.endsWith('.js')).sort()
  for (const name of names) {
    const stats = statSync(path.join(distRoot, name))
    hash.update(`\n${name} ${stats.size} ${stats.mtimeMs}`)
  }
  return hash.digest('base64url')
}

/** What the per-file results depend on; isolate, dts and manifest do not matter. */
function optionsKey(options: ResolvedOptions): string {
  const { root, dirs, include, exclude, registryModules, names, strict, lazy, fullParse = false } = options
  const rule = names instanceof RegExp ? { source: names.source, flags: names.flags } : names
  return JSON.stringify({ root, dirs, include, exclude, registryModules, names: rule, strict, lazy, fullParse })
}

/**
 * On disk each entry is `[size, mtimeMs, scan]` under its root-relative file name, the scan
 * without `file` and `absPath` (the name and the root, which is part of the key, give both):
 * a third smaller than the objects, so the load of a warm build parses less.
 */
type StoredEntry = [size: number, mtimeMs: number, scan: Omit<FileScan, 'file' | 'absPath'>]

function isStoredScan(value: unknown): value is StoredEntry[2] {
  const v = value as StoredEntry[2] | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.isToolModule === 'boolean' &&
    Array.isArray(v.sites) &&
    Array.isArray(v.diagnostics) &&
    typeof v.sourceLength === 'number' &&
    typeof v.sourceHash === 'string'
  )
}

function parseEntries(text: string, key: string, root: string): Map<string, CacheEntry> | undefined {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined // corrupt: rebuilt by the next save
  }
  const d = data as { format?: unknown; key?: unknown; files?: unknown } | null
  if (typeof d !== 'object' || d === null || d.format !== FORMAT || d.key !== key) return undefined
  if (typeof d.files !== 'object' || d.files === null || Array.isArray(d.files)) return undefined
  const entries = new Map<string, CacheEntry>()
  // `root/file` as path.resolve would make it, without its normalization pass per file, when
  // nothing needs one (root is absolute and normalized; a stored name is POSIX, relative).
  const base = root.endsWith(path.sep) ? root : root + path.sep
  const plain = path.sep === '/'
  const absOf = (file: string): string =>
    plain && !file.startsWith('.') && !file.includes('/.') && !file.includes('//')
      ? base + file
      : path.resolve(root, file)
  for (const [file, entry] of Object.entries(d.files as Record<string, unknown>)) {
    const e = entry as StoredEntry | null
    if (
      !Array.isArray(e) ||
      e.length !== 3 ||
      typeof e[0] !== 'number' ||
      typeof e[1] !== 'number' ||
      !isStoredScan(e[2])
    ) {
      return undefined
    }
    const absPath = absOf(file)
    entries.set(absPath, { size: e[0], mtimeMs: e[1], scan: { file, absPath, ...e[2] } })
  }
  return entries
}

/** The entries in their stored form (see StoredEntry). */
function storedFiles(entries: ReadonlyMap<string, CacheEntry>): Record<string, StoredEntry> {
  const files: Record<string, StoredEntry> = {}
  for (const { size, mtimeMs, scan } of entries.values()) {
    const { file, absPath: _, ...rest } = scan
    files[file] = [size, mtimeMs, rest]
  }
  return files
}

export function createDiskCache(
  options: ResolvedOptions,
  dir: string = path.join(options.root, 'node_modules', '.cache', 'toolreg'),
): ScanCacheStore {
  const base = optionsKey(options)
  const file = path.join(dir, `scan-${createHash('sha1').update(base).digest('hex').slice(0, 16)}.json`)
  const key = (): string => `${fingerprint()} ${base}`
  return {
    file,
    async load() {
      let text: string
      try {
        text = readFileSync(file, 'utf8')
      } catch {
        return undefined // no cache yet (or unreadable): scan from scratch
      }
      return parseEntries(text, key(), options.root)
    },
    async save(entries) {
      const body = JSON.stringify({ format: FORMAT, key: key(), files: storedFiles(entries) })
      mkdirSync(dir, { recursive: true })
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      try {
        writeFileSync(tmp, body)
        renameSync(tmp, file)
      } catch (error) {
        rmSync(tmp, { force: true })
        throw error
      }
    },
  }
}
