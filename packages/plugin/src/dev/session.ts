// The dev server's decisions, without a bundler (docs/architecture.md, "Dev server"):
// file events and scans in, what to do out — re-import these tool modules and/or the
// virtual module, show an overlay and withhold every update until the errors are fixed,
// or reload the page once. The Vite side (../bundlers/vite/dev.ts) only carries them out.
import { serializeRuns } from '../scan/serial.js'
import type { ScanHint } from '../scan/scanner.js'
import type { Diagnostic, FileScan, ScanResult } from '../types.js'

export type DevDecision =
  | { type: 'none' }
  /** Errors exist: show them; nothing is applied until they are fixed (a tool module's old version stays). */
  | { type: 'error'; message: string }
  /**
   * Re-import these tool modules (absolute paths; the server skips those no page has loaded)
   * and, when `virtualModule`, the virtual module (which also clears an overlay).
   */
  | { type: 'update'; modules: string[]; virtualModule: boolean }
  /** A page loaded while in error never ran the virtual module: reload it once. */
  | { type: 'full-reload' }

export interface DevSessionDeps {
  scan(hint?: ScanHint): Promise<ScanResult>
  /** Forget the scanner's cached scan of a file. */
  invalidate(file: string): void
  /** The errors (warnings too under `strict`) of a scan, and their message; empty when none. */
  errorsOf(result: ScanResult): { errors: Diagnostic[]; errorMessage: string }
  /** The file's size in bytes, -1 when it is gone. */
  sizeOf(file: string): number
  sleep(ms: number): Promise<void>
}

/** A save is often a truncate, then a write: an empty file is given this long to fill. */
const EMPTY_WAIT_MS = 100
const EMPTY_POLL_MS = 2

/** What the virtual module is made of: the tool modules, the names and the manifest. */
function virtualModuleDiffers(a: ScanResult, b: ScanResult): boolean {
  // Element by element, no joined copies: this runs on every save.
  // The same array (the scanner reuses names and manifest when no site moved): no difference.
  const differ = <T>(x: readonly T[], y: readonly T[], same: (p: T, q: T) => boolean) =>
    x !== y && (x.length !== y.length || x.some((p, i) => !same(p, y[i]!)))
  return (
    differ(a.toolModules, b.toolModules, (p, q) => p.absPath === q.absPath) ||
    differ(a.toolNames, b.toolNames, (p, q) => p === q) ||
    differ(
      a.manifest.tools,
      b.manifest.tools,
      (p, q) =>
        p.name === q.name && p.toolset === q.toolset && p.file === q.file && p.line === q.line && p.column === q.column,
    )
  )
}

export type DevSession = ReturnType<typeof createDevSession>

export function createDevSession(deps: DevSessionDeps) {
  /** The last scan without errors: what the page runs. */
  let lastGood: ScanResult | undefined
  /** The last scan, with or without errors: which files are known. */
  let last: ScanResult | undefined
  /** Tool modules changed while errors existed: applied once they are fixed. */
  const withheld = new Set<string>()
  /** The source hash of each tool module as the page has it: a save of the same text sends nothing. */
  const sent = new Map<string, string>()
  let overlay: string | undefined
  let loadedInError = false
  /** Paths reported while a run is in flight: one queued run covers them all. */
  const handlePaths = serializeRuns(
    (paths: Set<string>) => run([...paths]),
    (queued, incoming) => {
      for (const file of incoming) queued.add(file)
    },
    { batch: true },
  )

  const toolModule = (result: ScanResult | undefined, file: string): FileScan | undefined =>
    result?.toolModules.find(m => m.absPath === file || m.realPath === file)
  const known = (file: string): boolean => last?.files.some(f => f.absPath === file || f.realPath === file) ?? false

  /** Wakes a wait for an empty file to fill, by path: the file's next event ends it at once. */
  const waiting = new Map<string, () => void>()

  /**
   * An empty file is given EMPTY_WAIT_MS to fill. The write after a truncate is a second
   * event for the file, which ends the wait (`handle`), so a save waits for no timer; the
   * poll is for watchers that fold the two events into one.
   */
  async function untilWritten(file: string): Promise<void> {
    for (let waited = 0; deps.sizeOf(file) === 0 && waited < EMPTY_WAIT_MS; waited += EMPTY_POLL_MS)
      await Promise.race([deps.sleep(EMPTY_POLL_MS), new Promise<void>(resolve => waiting.set(file, resolve))])
    waiting.delete(file)
  }

  async function run(paths: string[]): Promise<DevDecision> {
    await Promise.all(paths.map(untilWritten))
    for (const file of paths) deps.invalidate(file)
    // A content change of known files rescans only them; an add or unlink walks the dirs.
    const onlyChanges = paths.every(file => known(file) && deps.sizeOf(file) >= 0)
    const result = await deps.scan(onlyChanges ? { changed: paths } : undefined)
    return decide(paths, result)
  }

  function decide(paths: string[], result: ScanResult): DevDecision {
    const before = last
    last = result
    // Tool modules the page may have in an older version (new ones come with the virtual module).
    const changed = paths.filter(file => toolModule(result, file) ?? toolModule(before, file))
    const { errors, errorMessage } = deps.errorsOf(result)
    if (errors.length > 0) {
      for (const file of changed) withheld.add(file)
      overlay = errorMessage
      return { type: 'error', message: errorMessage }
    }
    const page = lastGood
    lastGood = result
    if (loadedInError) {
      loadedInError = false
      overlay = undefined
      withheld.clear()
      remember(result.toolModules)
      return { type: 'full-reload' }
    }
    const modules: string[] = []
    for (const file of new Set([...withheld, ...changed])) {
      const now = toolModule(result, file)
      // Also one new to the page's virtual module: a file that was pruned and came back is
      // still in the page under its old URL, and only a reload gives it a new one.
      if (!now || sent.get(now.absPath) === now.sourceHash) continue
      sent.set(now.absPath, now.sourceHash)
      modules.push(now.absPath)
    }
    withheld.clear()
    for (const file of paths) if (!toolModule(result, file)) sent.delete(file)
    // An update is also what clears the page's overlay.
    const virtualModule = !page || virtualModuleDiffers(page, result) || overlay !== undefined
    overlay = undefined
    if (!virtualModule && modules.length === 0) return { type: 'none' }
    return { type: 'update', modules: modules.sort(), virtualModule }
  }

  function remember(toolModules: readonly FileScan[]): void {
    sent.clear()
    for (const m of toolModules) sent.set(m.absPath, m.sourceHash)
  }

  return {
    /** The scan at server start: what the first pages load. */
    start(result: ScanResult): DevDecision {
      last = result
      const { errors, errorMessage } = deps.errorsOf(result)
      remember(result.toolModules)
      if (errors.length > 0) {
        overlay = errorMessage
        return { type: 'error', message: errorMessage }
      }
      lastGood = result
      return { type: 'none' }
    },

    /**
     * Files in the tool dirs changed, were added or removed (absolute paths; the kind is
     * found on disk). One run at a time, in order; paths reported meanwhile share one run.
     */
    handle(paths: Iterable<string>): Promise<DevDecision> {
      const set = new Set(paths)
      for (const file of set) waiting.get(file)?.()
      return handlePaths(set)
    },

    /**
     * What a page that loads the virtual module now gets: the last scan without errors,
     * also while errors exist (the page runs the last good registry and shows the overlay).
     * Undefined before the first good scan: the page then gets the errors instead.
     */
    get page(): ScanResult | undefined {
      return lastGood
    },

    /** A page requested the virtual module while errors existed and none was good: it has none to update. */
    loadedInError(): void {
      loadedInError = true
    },

    /** The overlay a page that connects now must show, if any. */
    get overlay(): string | undefined {
      return overlay
    },
  }
}
