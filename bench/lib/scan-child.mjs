// Child process: scan alone vs only reading the files, in one fresh process.
//   node bench/lib/scan-child.mjs <project> <expectedTools> [--plugin-dir DIR]
// Order: read ×3, cold scan (disk cache deleted), warm scan (same scanner again),
// warm-disk scan (a new scanner, disk cache present), read ×3. Prints one JSON line.
import { readdirSync, readFileSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { pluginCacheDir } from './generate.mjs'
import { importFrom } from './resolve.mjs'
import { median } from './stats.mjs'

const [projectArg, expectedArg, ...rest] = process.argv.slice(2)
const pluginDir = rest[0] === '--plugin-dir' ? rest[1] : undefined
const root = resolve(projectArg)
const expected = Number(expectedArg)
const toolsDir = join(root, 'tools')

/** The alternative: list the directory and read every file as text. */
async function readAll() {
  const names = await readdir(toolsDir)
  const texts = await Promise.all(names.map(name => readFile(join(toolsDir, name), 'utf8')))
  return texts.length
}

/** For reference only: the same reads, synchronous (no thread-pool round trips). */
function readAllSync() {
  const names = readdirSync(toolsDir)
  for (const name of names) readFileSync(join(toolsDir, name), 'utf8')
  return names.length
}

async function timed(fn) {
  const t0 = performance.now()
  const value = await fn()
  return { ms: performance.now() - t0, value }
}

const t0 = performance.now()
const plugin = pluginDir
  ? await import(pathToFileURL(join(resolve(pluginDir), 'dist/index.js')).href)
  : await importFrom(root, '@toolreg/plugin')
const importMs = performance.now() - t0

/** A scanner over the project: createScanner when exported (reusable), else scanTools per call. */
function newScanner() {
  const options = { root }
  if (typeof plugin.createScanner === 'function') {
    // createScanner takes resolved options (defaults filled in, root absolute).
    const scanner = plugin.createScanner(
      typeof plugin.resolveOptions === 'function' ? plugin.resolveOptions(options) : options,
    )
    return { api: 'createScanner', scan: () => scanner.scan() }
  }
  return { api: 'scanTools', scan: () => plugin.scanTools(options) }
}

function toolCount(result) {
  const names = result?.toolNames ?? result?.manifest?.tools?.map(t => t.name)
  if (!Array.isArray(names)) throw new Error('scan result has no toolNames')
  if (names.length !== expected) throw new Error(`scan found ${names.length} tools, expected ${expected}`)
  return names.length
}

const reads = []
for (let i = 0; i < 3; i++) reads.push((await timed(readAll)).ms)

await rm(pluginCacheDir(root), { recursive: true, force: true })
const scanner = newScanner()
const cold = await timed(scanner.scan)
toolCount(cold.value)
const warm = await timed(scanner.scan)
toolCount(warm.value)
// Give a disk-cache write that the scanner may defer a moment to land.
await new Promise(r => setTimeout(r, 50))
const diskCache = await exists(pluginCacheDir(root))
let warmDisk = null
if (diskCache) {
  const fresh = newScanner()
  const result = await timed(fresh.scan)
  toolCount(result.value)
  warmDisk = result.ms
}
for (let i = 0; i < 3; i++) reads.push((await timed(readAll)).ms)
const syncReads = []
for (let i = 0; i < 3; i++) syncReads.push((await timed(readAllSync)).ms)

const out = {
  api: scanner.api,
  importMs,
  readMs: median(reads),
  reads,
  readSyncMs: median(syncReads),
  coldMs: cold.ms,
  warmMs: warm.ms,
  warmDiskMs: warmDisk,
  diskCache,
}
process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0))

async function exists(path) {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
