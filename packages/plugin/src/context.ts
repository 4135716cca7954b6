// Plugin state in one place: one factory returning closures (no classes), so the
// adapters (./rollup-like.ts, ./unplugin.ts) only wire hooks and every bundler shares the same behaviour.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
// Each module on its own, not the core's index: a build loads only what it runs.
import { generateModule } from './core/codegen.js'
import { generateDts } from './core/dts.js'
import { generateManifest } from './core/manifest.js'
import { resolveProjectOptions } from './core/config.js'
import { resolveOptions } from './core/options.js'
import { reportScan, type ScanReport } from './core/report.js'
import { createScanner, type ScanHint } from './core/scanner.js'
import { transformToolModuleCode } from './core/transform-code.js'
import type { TransformResult } from './core/transform.js'
import type { FileScan, ResolvedOptions, ScanResult, ToolRegistryOptions } from './core/types.js'

/** The id users import. */
export const VIRTUAL_MODULE_ID = 'virtual:tool-registry'
/**
 * The resolved id. The `\0` prefix is the Rollup convention for virtual modules: it tells
 * other plugins (commonjs, node-resolve, Vite's import analysis) not to treat it as a file.
 */
export const RESOLVED_VIRTUAL_MODULE_ID = '\0' + VIRTUAL_MODULE_ID

/** The public id, or the resolved one (webpack gets it back from its scheme workaround). */
export const isVirtualModuleId = (id: string): boolean => id === VIRTUAL_MODULE_ID || id === RESOLVED_VIRTUAL_MODULE_ID

export const PLUGIN_NAME = 'toolreg'

/** What a build reports: the errors as one message, the warnings one by one. */
export type BuildReport = ScanReport

export type ToolRegistryContext = ReturnType<typeof createToolRegistryContext>

export function createToolRegistryContext(userOptions: ToolRegistryOptions = {}) {
  // Bad inline options throw where the plugin is created, in the user's config.
  resolveOptions(userOptions)
  let bundlerRoot: string | undefined
  let resolved: ResolvedOptions | undefined
  let scanner: ReturnType<typeof createScanner> | undefined
  let lastScan: Promise<ScanResult> | undefined
  let lastDts: string | undefined
  let dtsDelay = 0
  let dtsTimer: ReturnType<typeof setTimeout> | undefined
  let onDtsError: (error: unknown) => void = () => {}

  function options(): ResolvedOptions {
    resolved ??= resolveProjectOptions(userOptions, bundlerRoot)
    return resolved
  }

  function getScanner() {
    scanner ??= createScanner(options())
    return scanner
  }

  /** Bundler-provided root (Vite `config.root`); ignored when the user passed `root`. */
  function setBundlerRoot(root: string) {
    if (bundlerRoot === root) return
    bundlerRoot = root
    resolved = undefined
    scanner = undefined
    lastScan = undefined
  }

  /**
   * Scan the tool dirs (unchanged files come from the scanner's cache) and write the `.d.ts`.
   * `hint.changed`: files whose content changed (a dev save, not an add or unlink) — only
   * they are read again, without a walk; anything the last walk did not find falls back
   * to the full scan (see ScanHint).
   */
  function scan(hint?: ScanHint): Promise<ScanResult> {
    const scanning = getScanner()
      .scan(hint)
      .then(async (result) => {
        if (dtsDelay === 0) await writeDts(result)
        else writeDtsLater(result)
        return result
      })
    lastScan = scanning
    return scanning
  }

  /** The latest scan, in flight or done: webpack's `make` and the entries run in parallel. */
  function currentScan(): Promise<ScanResult> {
    return lastScan ?? scan()
  }

  async function writeDts(result: ScanResult) {
    const { dts, root } = result.options
    if (dts === false) return
    const content = generateDts(result)
    if (content === lastDts) return
    const file = path.resolve(root, dts)
    const onDisk = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (onDisk !== content) {
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, content)
    }
    lastDts = content
  }

  /** Dev: coalesce the writes of a burst of scans (a rename is an unlink and an add). */
  function setDtsDelay(ms: number, onError: (error: unknown) => void) {
    dtsDelay = ms
    onDtsError = onError
  }

  let pendingDts: ScanResult | undefined
  function writeDtsLater(result: ScanResult) {
    clearTimeout(dtsTimer)
    pendingDts = result
    dtsTimer = setTimeout(() => void writePendingDts().catch(onDtsError), dtsDelay)
    dtsTimer.unref?.()
  }

  function writePendingDts(): Promise<void> {
    clearTimeout(dtsTimer)
    const result = pendingDts
    pendingDts = undefined
    return result ? writeDts(result) : Promise.resolve()
  }

  const report = (result: ScanResult): BuildReport => reportScan(result)

  /** Bundler ids may carry a query (`?v=123`) or use backslashes. */
  function fileScanOf(id: string): FileScan | undefined {
    if (!scanner || id.startsWith('\0')) return undefined
    // The scanner resolves the path when it is not already absolute and normalized.
    const bare = id.includes('?') || id.includes('#') ? id.replace(/[?#].*$/, '') : id
    return scanner.getFileScan(bare)
  }

  /** The scan of a tool module, by bundler id; undefined for any other module. */
  function toolModuleOf(id: string): FileScan | undefined {
    const file = fileScanOf(id)
    return file?.isToolModule ? file : undefined
  }

  function isToolFile(id: string): boolean {
    return toolModuleOf(id) !== undefined
  }

  /** `lazy: false` in the dev server: every tool module loads at once there (its updates replace whole modules). */
  function loadVirtualModule(result: ScanResult, options: { lazy?: boolean } = {}): string {
    // Tool modules are imported by absolute path: the importer is virtual, it has no directory.
    return generateModule(result, options)
  }

  /**
   * `sourceMap: false` when the build emits no maps: generating one is most of the cost,
   * and such a build never loads magic-string. Synchronous unless a map is wanted before
   * `preloadSourceMaps` resolved: a promise per module costs the bundler a round trip.
   */
  function transform(code: string, id: string, sourceMap = true): MaybePromise<TransformOutput | null> {
    const file = toolModuleOf(id)
    return file ? transformToolFile(code, file, sourceMap) : null
  }

  /** `transform` for a tool module already looked up (the bundler hook needs it for the dev footer too). */
  function transformToolFile(code: string, file: FileScan, sourceMap = true): MaybePromise<TransformOutput | null> {
    if (!sourceMap) {
      const out = transformToolModuleCode(code, file)
      return out === null ? null : { code: out, map: null }
    }
    if (mapTransform) return mapTransform.transformToolModule(code, file)
    return preloadSourceMaps().then(() => mapTransform!.transformToolModule(code, file))
  }

  /** Absolute tool dirs. */
  function toolDirs(): string[] {
    const { root, dirs } = options()
    return dirs.map((dir) => path.resolve(root, dir))
  }



  /** Files and dirs whose change must trigger a rebuild (`vite build --watch`, `rollup -w`). */
  function watchTargets(result: ScanResult): string[] {
    return [...toolDirs(), ...result.files.map((f) => f.absPath)]
  }

  function manifestAsset(result: ScanResult): { fileName: string; source: string } | undefined {
    const fileName = result.options.manifest
    if (fileName === false) return undefined
    return { fileName, source: generateManifest(result) }
  }

  /** Write the pending (debounced) .d.ts and disk-cache save now: call it when the server or watcher closes. */
  async function flushCache(): Promise<void> {
    await writePendingDts().catch(onDtsError)
    await scanner?.flush()
  }

  /** A watched file changed: forget its cache entry so the next scan reads it again. */
  function invalidate(id: string) {
    if (id.startsWith('\0')) return
    scanner?.invalidate(path.resolve(id))
  }

  return {
    options,
    setBundlerRoot,
    setDtsDelay,
    toolDirs,
    scan,
    currentScan,
    report,
    isToolFile,
    toolModuleOf,
    loadVirtualModule,
    transform,
    transformToolFile,
    preloadSourceMaps,
    watchTargets,
    manifestAsset,
    invalidate,
    flushCache,
  }
}

type MaybePromise<T> = T | Promise<T>
type TransformOutput = TransformResult | { code: string; map: null }

// The source-map transform (and magic-string) is loaded only by builds that want maps.
let mapTransform: typeof import('./core/transform.js') | undefined
let loadingMapTransform: Promise<void> | undefined
function preloadSourceMaps(): Promise<void> {
  loadingMapTransform ??= import('./core/transform.js').then((module) => {
    mapTransform = module
  })
  return loadingMapTransform
}
