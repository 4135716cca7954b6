// Plugin state in one place: one factory returning closures (no classes), so the
// adapters (./rollup-like.ts, ./unplugin.ts) only wire hooks and every bundler shares the same behaviour.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
// Each module on its own, not the core's index: a build loads only what it runs.
import { generateCompanionModule, generateModule } from '../codegen/virtual-module.js'
import { generateDts } from '../codegen/dts.js'
import { generateManifest } from '../scan/manifest.js'
import { resolveProjectOptions } from '../options/config.js'
import { generateSearchIndexModule, type Prebuild } from '../codegen/search-index.js'
import { resolveOptions } from '../options/options.js'
import { deliverReport, reportScan, type ReportSink, type ScanReport } from '../diagnostics/report.js'
import { createScanner, type ScanHint } from '../scan/scanner.js'
import { createSideEffectsFieldLookup, treeshakeKeepsSideEffects } from './side-effects.js'
import type { FileScan, ResolvedOptions, ScanResult, ToolRegistryOptions } from '../types.js'
import {
  companionId,
  isVirtualModuleId,
  parseCompanionId,
  RESOLVED_VIRTUAL_MODULE_ID,
} from '../codegen/companion-ids.js'
import { toPosix } from '../scan/walk.js'

export {
  isVirtualModuleId,
  RESOLVED_VIRTUAL_MODULE_ID,
  VIRTUAL_ID_FILTER,
  VIRTUAL_MODULE_ID,
} from '../codegen/companion-ids.js'

/** How the virtual module imports each tool file (see loadVirtual). */
export type ToolImportStyle = 'path' | 'companion' | 'webpack' | 'rspack'

/** What `resolveVirtual` hands the bundler. */
export interface VirtualResolution {
  id: string
  /** Always true: neither `"sideEffects": false` nor `moduleSideEffects: false` may drop them. */
  moduleSideEffects: true
}

/** A file name the bundler would read as a query or hash, or rewrite (a backslash): its id is escaped. */
const ODD_NAME = /[?#\\]/
const escapeOdd = (abs: string): string =>
  abs.replace(/[%?#\\]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))
/** Ids that may be escaped tool files: the load hook's filter. */
export const ESCAPED_ID_FILTER = /%(?:25|3F|23|5C)/

export const PLUGIN_NAME = 'toolreg'

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
  const escapedIds = new Map<string, string>()
  // Rollup-family builds: whether the `treeshake` option keeps every side-effect import
  // (setTreeshake, from the `options` hook). Until told, assume it may not.
  let treeshakeKeeps = false
  let sideEffectsField: ((file: string) => boolean) | undefined

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

  const report = (result: ScanResult): ScanReport => reportScan(result)
  /** Hands a scan's diagnostics to a bundler: each warning, then every error as one. */
  const reportTo = (result: ScanResult, sink: ReportSink): void => deliverReport(reportScan(result), sink)

  /** Bundler ids may carry a query (`?v=123`) or use backslashes. */
  function fileScanOf(id: string): FileScan | undefined {
    if (!scanner || id.startsWith('\0')) return undefined
    // The scanner resolves the path when it is not already absolute and normalized. The
    // exact id first: a tool file's own name may hold a `?` or `#`.
    const exact = scanner.getFileScan(id)
    if (exact !== undefined || !(id.includes('?') || id.includes('#'))) return exact
    return scanner.getFileScan(id.replace(/[?#].*$/, ''))
  }

  /** The scan of a tool module, by bundler id; undefined for any other module. */
  function toolModuleOf(id: string): FileScan | undefined {
    const file = fileScanOf(id)
    return file?.isToolModule ? file : undefined
  }

  function isToolFile(id: string): boolean {
    return toolModuleOf(id) !== undefined
  }

  /**
   * The source of the virtual module or of one of its companions (./core/virtual-ids.ts),
   * undefined for any other id. `dev`: the dev server (verify on by default, tool files
   * imported by path). Tool files are imported by absolute path (`path`: dev, esbuild),
   * through a `file` companion the plugin resolves (`companion`: Vite, Rollup, Rolldown
   * builds), or by path with `#` escaped the webpack way (`webpack`, `rspack`).
   */
  function loadVirtual(
    id: string,
    result: ScanResult,
    style: ToolImportStyle,
    dev = false,
  ): string | Promise<string> | undefined {
    if (isVirtualModuleId(id)) {
      // webpack and Rspack cannot import a name with `?` (nor Rspack one with `\`): those
      // files are left out, and reported as errors (./unplugin.ts).
      const importable = (m: FileScan): boolean =>
        !m.file.includes('?') && !(style === 'rspack' && m.file.includes('\\'))
      const webpackLike = style === 'webpack' || style === 'rspack'
      const scan = webpackLike ? { ...result, toolModules: result.toolModules.filter(importable) } : result
      // Tool modules are imported by absolute path: the importer is virtual, it has no directory.
      return generateModule(scan, {
        // The dev server loads every tool module at once (its updates replace whole modules).
        ...(dev ? { lazy: false } : {}),
        verify: result.options.verify ?? dev,
        importPath:
          style === 'companion'
            ? companionOrPath()
            : webpackLike
              ? f => toPosix(f.absPath).replace(/#/g, '\0#')
              : f => toPosix(f.absPath),
      })
    }
    const companion = parseCompanionId(id)
    if (companion?.kind === 'search') return loadIndexer().then(prebuild => generateSearchIndexModule(result, prebuild))
    // The dev server's virtual module registers every tool eagerly: its sources table names them all.
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
   * A build's import of a tool file: its plain path when no `treeshake` option nor any
   * `package.json` `sideEffects` field can mark it side-effect free and its name holds no
   * `?`, `#` or `\` (the bundler then never calls into JS for it), else a `file` companion
   * (./core/side-effects.ts). Symlinks by their target, as the bundler resolves them.
   */
  function companionOrPath(): (f: FileScan) => string {
    sideEffectsField ??= createSideEffectsFieldLookup()
    const field = sideEffectsField
    return f => {
      const abs = f.realPath ?? f.absPath
      return treeshakeKeeps && !ODD_NAME.test(abs) && !field(abs)
        ? toPosix(abs)
        : companionId({ kind: 'file', file: f.absPath })
    }
  }

  /** The bundler's `treeshake` input option (Rollup, Rolldown, Vite builds: the `options` hook). */
  function setTreeshake(treeshake: unknown) {
    treeshakeKeeps = treeshakeKeepsSideEffects(treeshake)
    // A new build may follow edits of package.json files.
    sideEffectsField = undefined
  }

  /**
   * The virtual module for the dev server: tool files imported by path, every one at once
   * (`lazy: false`: its updates replace whole modules). No verify markers: each tool module
   * already registers between its own `beginSource`/`endSource` there (./core/hmr-code.ts).
   */
  function loadVirtualModule(result: ScanResult, options: { lazy?: boolean } = {}): string {
    return generateModule(result, { ...options, verify: false })
  }

  /**
   * Resolve an id of VIRTUAL_ID_FILTER: the virtual module and its companions get their
   * `\0` id, a `file` companion the tool file's own id (escaped when its name holds `?`,
   * `#` or `\`: see loadEscapedToolFile); every one is marked as having side effects.
   */
  function resolveVirtual(id: string): VirtualResolution | string | null {
    if (isVirtualModuleId(id)) return RESOLVED_VIRTUAL_MODULE_ID
    const companion = parseCompanionId(id)
    if (companion === undefined) return null
    if (companion.kind !== 'file') return { id: id.startsWith('\0') ? id : '\0' + id, moduleSideEffects: true }
    const file = scanner?.getFileScan(companion.file)
    // Bundlers resolve symlinks to their target: the same id as any other import of the file.
    const abs = file?.realPath ?? file?.absPath ?? companion.file
    if (!ODD_NAME.test(abs)) return { id: abs, moduleSideEffects: true }
    const escaped = escapeOdd(abs)
    escapedIds.set(escaped, abs)
    return { id: escaped, moduleSideEffects: true }
  }

  /** The code of a tool file whose id resolveVirtual escaped; undefined for any other id. */
  async function loadEscapedToolFile(id: string): Promise<string | undefined> {
    const abs = escapedIds.get(id)
    return abs === undefined ? undefined : readFile(abs, 'utf8')
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
    reportTo,
    isToolFile,
    toolModuleOf,
    loadVirtual,
    loadVirtualModule,
    resolveVirtual,
    setTreeshake,
    loadEscapedToolFile,
    watchTargets,
    manifestAsset,
    invalidate,
    flushCache,
  }
}
