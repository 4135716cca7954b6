// The plugin's state for one bundler run, in one place: one factory returning closures (no
// classes), so the adapters (./rollup-like/hooks.ts, ./unplugin/factory.ts, ./vite.ts) only wire hooks
// and every bundler shares the same behaviour.
import path from 'node:path'
// Each module on its own, not the package root: a build loads only what it runs.
import { isVirtualModuleId, parseCompanionId, RESOLVED_VIRTUAL_MODULE_ID } from '../codegen/companion-ids.js'
import { dtsState, writeDtsFile } from '../codegen/dts-file.js'
import { generateDts } from '../codegen/dts.js'
import { generateManifest } from '../codegen/manifest.js'
import { generateSearchIndexModule, type Prebuild } from '../codegen/search-index.js'
import { generateCompanionModule, generateModule } from '../codegen/virtual-module.js'
import { deliverReport, reportScan, type ReportSink, type ScanReport } from '../diagnostics/report.js'
import { resolveProjectOptions } from '../options/config.js'
import { resolveOptions } from '../options/options.js'
import { type RequestSyntax, unimportableReason } from '../scan/file-names.js'
import { createScanner, type ScanHint } from '../scan/scanner.js'
import { toPosix } from '../scan/walk.js'
import type { FileScan, ResolvedOptions, ScanResult, ToolRegistryOptions } from '../types.js'

export {
  isVirtualModuleId,
  RESOLVED_VIRTUAL_MODULE_ID,
  VIRTUAL_ID_FILTER,
  VIRTUAL_MODULE_ID,
} from '../codegen/companion-ids.js'

/** What `resolveVirtual` hands the bundler. */
export interface VirtualResolution {
  id: string
  /** Always true: neither `"sideEffects": false` nor `moduleSideEffects: false` may drop them. */
  moduleSideEffects: true
}

export const PLUGIN_NAME = 'toolreg'

export type ToolRegistryContext = ReturnType<typeof createToolRegistryContext>

export function createToolRegistryContext(userOptions: ToolRegistryOptions = {}) {
  // Bad inline options throw where the plugin is created, in the user's config.
  resolveOptions(userOptions)
  let bundlerRoot: string | undefined
  let resolved: ResolvedOptions | undefined
  let scanner: ReturnType<typeof createScanner> | undefined
  let lastScan: Promise<ScanResult> | undefined
  /** A scan started before the bundler asked for one (`prescan`), handed to the first `scan()`. */
  let early: Promise<ScanResult> | undefined
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
    // Vite names its root with forward slashes on Windows, where path.resolve gives backslashes.
    if (bundlerRoot !== undefined && path.resolve(bundlerRoot) === path.resolve(root)) return
    bundlerRoot = root
    resolved = undefined
    scanner = undefined
    lastScan = undefined
    early = undefined
  }

  /**
   * Start the first scan now, at the root the bundler will name (Vite's `config` hook): its
   * file reads and stats overlap the bundler's own start-up, and the first `scan()` takes it.
   * A different root named later drops it. Options that cannot be resolved start nothing: the
   * first `scan()` reports them.
   */
  function prescan(root: string) {
    if (lastScan !== undefined) return
    try {
      setBundlerRoot(root)
      options()
    } catch {
      return
    }
    early = scan()
    // Dropped (another root), its failure must not be an unhandled rejection; taken, it is reported there.
    early.catch(() => {})
  }

  /**
   * Scan the tool dirs (unchanged files come from the scanner's cache) and write the `.d.ts`.
   * `hint.changed`: files whose content changed (a dev save, not an add or unlink) — only
   * they are read again, without a walk; anything the last walk did not find falls back
   * to the full scan (see ScanHint).
   */
  function scan(hint?: ScanHint): Promise<ScanResult> {
    if (early !== undefined && hint === undefined) {
      const taken = early
      early = undefined
      return taken
    }
    const scanning = getScanner()
      .scan(hint)
      .then(async result => {
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
    if (result.options.dts === false) return
    const content = generateDts(result)
    if (content === lastDts) return
    const state = await dtsState(result, content)
    if (state) await writeDtsFile(state)
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

  const report = (result: ScanResult): ScanReport => reportScan(result)
  /** Hands a scan's diagnostics to a bundler: each warning, then every error as one. */
  const reportTo = (result: ScanResult, sink: ReportSink): void => deliverReport(reportScan(result), sink)

  /**
   * The scan of a tool module by bundler id (absolute, maybe with a query `?v=123` or
   * backslashes); undefined for any other module.
   */
  function toolModuleOf(id: string): FileScan | undefined {
    if (!scanner || id.startsWith('\0')) return undefined
    // The exact id first: a tool file's own name may hold a `?` or `#`.
    const exact = scanner.toolModuleAt(id)
    if (exact !== undefined || !(id.includes('?') || id.includes('#'))) return exact
    const q = id.indexOf('?')
    const h = id.indexOf('#')
    return scanner.toolModuleAt(id.slice(0, q < 0 ? h : h < 0 ? q : Math.min(q, h)))
  }

  const isToolFile = (id: string): boolean => toolModuleOf(id) !== undefined

  /**
   * The virtual module of a build. Tool files are imported by `importPath` (Vite, Rollup,
   * Rolldown: ./rollup-like/imports.ts), else by absolute path, with `#` escaped the webpack way
   * for `webpack`/`rspack`, which leave out the files they cannot import (reported by
   * ./unplugin/factory.ts).
   */
  function buildModule(result: ScanResult, syntax: RequestSyntax, importPath?: (f: FileScan) => string): string {
    const webpackLike = syntax !== 'path'
    const scan = webpackLike
      ? { ...result, toolModules: result.toolModules.filter(m => unimportableReason(m.file, syntax) === undefined) }
      : result
    // Tool modules are imported by absolute path: the importer is virtual, it has no directory.
    return generateModule(scan, {
      verify: result.options.verify ?? false,
      importPath: importPath ?? (webpackLike ? f => toPosix(f.absPath).replace(/#/g, '\0#') : f => toPosix(f.absPath)),
    })
  }

  /**
   * The virtual module for the dev server: tool files imported by path, every one at once
   * (`lazy: false`: its updates replace whole modules). No verify markers: each tool module
   * already registers between its own `beginSource`/`endSource` there (../dev/hmr-code.ts).
   */
  function devModule(result: ScanResult): string {
    return generateModule(result, { lazy: false, verify: false })
  }

  /**
   * The source of a companion of the virtual module (../codegen/companion-ids.ts) but a
   * `file` one; undefined for any other id. `dev`: the dev server's virtual module registers
   * every tool eagerly, so its sources table names them all.
   */
  function loadCompanion(id: string, result: ScanResult, dev = false): string | Promise<string> | undefined {
    const companion = parseCompanionId(id)
    if (companion?.kind === 'search') return loadIndexer().then(prebuild => generateSearchIndexModule(result, prebuild))
    return companion === undefined ? undefined : generateCompanionModule(result, companion, dev ? { lazy: false } : {})
  }

  /**
   * @toolreg/core's build-time indexer, imported on the first lazy build that needs it: the
   * index is built by the same code that reads it at run time. Undefined when it cannot be
   * imported (the index module is then empty, and core indexes at run time).
   */
  let indexer: Promise<Prebuild | undefined> | undefined
  function loadIndexer(): Promise<Prebuild | undefined> {
    indexer ??= import('@toolreg/core').then(
      (core: { prebuildSearchIndex?: Prebuild }) => core.prebuildSearchIndex,
      () => undefined,
    )
    return indexer
  }

  /**
   * Resolve the virtual module and its companions but `file` ones to their `\0` id, each
   * marked as having side effects; null for any other id.
   */
  function resolveVirtual(id: string): VirtualResolution | string | null {
    if (isVirtualModuleId(id)) return RESOLVED_VIRTUAL_MODULE_ID
    const companion = parseCompanionId(id)
    if (companion === undefined || companion.kind === 'file') return null
    return { id: id.startsWith('\0') ? id : '\0' + id, moduleSideEffects: true }
  }

  /** Absolute tool dirs. */
  function toolDirs(): string[] {
    const { root, dirs } = options()
    return dirs.map(dir => path.resolve(root, dir))
  }

  /** Files and dirs whose change must trigger a rebuild (`vite build --watch`, `rollup -w`). */
  function watchTargets(result: ScanResult): string[] {
    return [...toolDirs(), ...result.files.map(f => f.absPath)]
  }

  /**
   * The manifest lists every tool's file and line: an output a web server publishes (`'public'`:
   * a client build) gets it only when the user named its file (the `manifest` option).
   */
  function manifestAsset(
    result: ScanResult,
    output: 'server' | 'public' = 'server',
  ): { fileName: string; source: string } | undefined {
    const fileName = result.options.manifest
    if (fileName === false) return undefined
    if (output === 'public' && result.options.manifestNamed !== true) return undefined
    return { fileName, source: generateManifest(result) }
  }

  /** The build's assets: the manifest (as `manifestAsset` says) and the code-mode API when asked for. */
  async function buildAssets(
    result: ScanResult,
    output: 'server' | 'public' = 'server',
  ): Promise<{ fileName: string; source: string }[]> {
    // The code-mode API loads its code (and @toolreg/core/code-mode) only when asked for.
    const api =
      result.options.api === false ? undefined : await (await import('../codegen/api-file.js')).apiAsset(result)
    return [manifestAsset(result, output), api].filter(a => a !== undefined)
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
    prescan,
    setDtsDelay,
    toolDirs,
    scan,
    currentScan,
    report,
    reportTo,
    isToolFile,
    toolModuleOf,
    buildModule,
    devModule,
    loadCompanion,
    resolveVirtual,
    watchTargets,
    buildAssets,
    invalidate,
    flushCache,
  }
}
