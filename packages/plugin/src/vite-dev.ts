// The Vite dev server glue (SPEC §3.6, §3.7, §8): HMR boundaries, the overlay for
// diagnostics, the last good registry while errors exist. Nothing else imports Vite.
import type { Stats } from 'node:fs'
import { lstatSync, statSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { DevEnvironment, EnvironmentModuleNode, FSWatcher, HotUpdateOptions, Logger, ViteDevServer } from 'vite'
import { RESOLVED_VIRTUAL_MODULE_ID } from './context.js'
import type { ToolRegistryContext } from './context.js'
import type { ScanHint } from './core/scanner.js'
import type { FileScan, ScanResult } from './core/types.js'

/** Appended to the virtual module in dev: it re-imports the tool files when their set changes. */
const VIRTUAL_MODULE_HMR = '\nif (import.meta.hot) import.meta.hot.accept()\n'

/**
 * Appended to a tool module in dev: the module accepts its own updates, and its old
 * version deregisters the tools it registered (found by their `source`) before the new
 * version registers again. An entry a newer version has already replaced is left alone,
 * so a late dispose (two saves in flight) cannot remove a live tool. Two updates in
 * flight can also make the page evaluate one version under two `?t=` URLs (the module's
 * own update and the virtual module's re-import): an update that then imports a URL
 * already evaluated runs `dispose` but no new version, so the accept callback puts
 * back what that dispose removed. The other way round, the virtual module's re-import can
 * evaluate a new version before the file's own update ran the old one's dispose (an editor's
 * temp file added next to the file makes the virtual module update first): each version
 * keeps its entries in `hot.data`, and a new one removes those of the one before that are
 * still live and that it did not register again. `import.meta.hot.accept` is spelled out:
 * Vite finds self-accepting modules by that text. Imports are hoisted, so an import at the
 * end is fine.
 *
 * A module's own entries are those whose `source` is `<its file>:LINE:COL`. Filtering a
 * snapshot of the registry for them cost O(tools) per evaluation, O(tools²) per page
 * load; instead the first footer to run indexes the registry's entries by the file in
 * their `source` (one snapshot) and keeps that index up to date from the registry's
 * change events. The index is shared per registry through a global, so every tool
 * module (and every version of one) uses the same one.
 */
function toolModuleHmr(file: FileScan, registryModule: string): string {
  return `
import { registry as __toolregRegistry } from ${JSON.stringify(registryModule)}
if (import.meta.hot) {
  const __toolregBySource = ((registry) => {
    const indexes = (globalThis[Symbol.for('toolreg.dev.entriesBySourceFile.v1')] ??= new WeakMap())
    let index = indexes.get(registry)
    if (index) return index
    index = new Map()
    const fileOf = new Map()
    const drop = (name) => {
      const file = fileOf.get(name)
      if (file === undefined) return
      fileOf.delete(name)
      const names = index.get(file)
      names.delete(name)
      if (names.size === 0) index.delete(file)
    }
    const add = (entry) => {
      drop(entry.name)
      const file = typeof entry.source === 'string' ? /^(.*:)\\d+:\\d+$/.exec(entry.source)?.[1] : undefined
      if (file === undefined) return
      fileOf.set(entry.name, file)
      if (!index.has(file)) index.set(file, new Set())
      index.get(file).add(entry.name)
    }
    for (const entry of registry.snapshot()) add(entry)
    registry.subscribe((event) => {
      if (event.type === 'deregister') drop(event.name)
      else if (event.type === 'register') {
        const entry = registry.getEntry(event.name)
        if (entry) add(entry)
        else drop(event.name)
      }
    })
    indexes.set(registry, index)
    return index
  })(__toolregRegistry)
  // A version evaluated while the one before is still live — its dispose never ran, as when
  // the virtual module's re-import fetched this file under a new URL before the file's own
  // update — first removes what that one registered and this one did not register again.
  for (const entry of import.meta.hot.data.toolregOwn ?? []) {
    if (__toolregRegistry.getEntry(entry.name) === entry) __toolregRegistry.deregister(entry.name)
  }
  let __toolregOwn = [...(__toolregBySource.get(${JSON.stringify(file.file + ':')}) ?? [])].map((name) => __toolregRegistry.getEntry(name))
  import.meta.hot.data.toolregOwn = __toolregOwn
  const __toolregSelf = {}
  import.meta.hot.data.toolregLatest = __toolregSelf
  let __toolregRemoved = []
  import.meta.hot.accept(() => {
    if (import.meta.hot.data.toolregLatest !== __toolregSelf) return
    for (const entry of __toolregRemoved) {
      if (__toolregRegistry.getEntry(entry.name)) continue
      const { name, toolset, schema, handler, checkFn, requiresEnv, maxResultSizeChars, dynamicSchemaOverrides } = entry
      const again = __toolregRegistry.register(
        { name, toolset, schema, handler, checkFn, requiresEnv: [...requiresEnv], maxResultSizeChars, dynamicSchemaOverrides },
        { source: entry.source },
      )
      // The entry put back is this version's now: its dispose must find it.
      if (again) __toolregOwn = __toolregOwn.map((own) => (own === entry ? again : own))
    }
    import.meta.hot.data.toolregOwn = __toolregOwn
    __toolregRemoved = []
  })
  import.meta.hot.dispose(() => {
    __toolregRemoved = __toolregOwn.filter((entry) => __toolregRegistry.getEntry(entry.name) === entry)
    for (const entry of __toolregRemoved) __toolregRegistry.deregister(entry.name)
  })
}
`
}

/** What must reach a page: the set of tool modules or the static names changed. */
function changesVirtualModule(before: ScanResult, after: ScanResult): boolean {
  // Element by element, no joined copies: this runs on every save (~1 ms at 5000 tools joined).
  const differ = <T>(a: readonly T[], b: readonly T[], key: (item: T) => string) =>
    a.length !== b.length || a.some((item, i) => key(item) !== key(b[i]!))
  return differ(before.toolModules, after.toolModules, (m) => m.absPath) || differ(before.toolNames, after.toolNames, (n) => n)
}

const exists = (file: string) => stat(file).then(
  () => true,
  () => false,
)

/**
 * Vite's watcher (chokidar 3) reports at most one `change` per file every 50 ms and drops
 * the others — no trailing event — and ignores a raw event within 5 ms of the previous one.
 * A save that lands just after another one (an editor's format-on-save, a script, an agent
 * writing files, a second save while the first update is still reaching the page) is then
 * never reported: the server keeps serving the previous version and nothing says so.
 * Chokidar also drops a second unlink within 100 ms. So after each event for a file in a
 * tool dir, once the throttle has passed, look at the file again and report what the
 * watcher missed through the watcher itself, so Vite and every plugin handle it as usual.
 */
const SETTLE_MS = 60 // > chokidar's 50 ms `change` throttle
const UNLINK_SETTLE_MS = 150 // > chokidar's 100 ms delayed (atomic) unlink and `remove` throttle

/** What tells one version of a file from another; `null` when the file is gone. */
type Stamp = string | null
const stampOf = (stats: Stats): string => `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
const stampAt = (file: string): Promise<Stamp> => stat(file).then(stampOf, () => null)

function reportMissedEvents(watcher: FSWatcher, isInToolDir: (file: string) => boolean) {
  /** Per file: the version the last reported event showed, and the pending look. */
  const seen = new Map<string, { stamp: Stamp; timer?: ReturnType<typeof setTimeout> }>()
  const closed = () => (watcher as { closed?: boolean }).closed === true

  const emit = (event: 'change' | 'unlink', file: string, stats?: Stats) => {
    if (closed()) return
    if (stats) {
      watcher.emit(event, file, stats)
      watcher.emit('all', event, file, stats)
    } else {
      watcher.emit(event, file)
      watcher.emit('all', event, file)
    }
  }

  const look = (file: string, entry: { stamp: Stamp }, again: boolean) => {
    void stat(file).catch(() => undefined).then((stats) => {
      // A newer event came in meanwhile: its own look decides.
      if (seen.get(file) !== entry || closed()) return
      const now = stats ? stampOf(stats) : null
      if (now === entry.stamp) return void seen.delete(file)
      // Gone, but not reported yet: chokidar reports an unlink 100 ms late (and turns an
      // unlink and add within that time into a change). Look once more after that.
      if (now === null && !again) return schedule(file, entry, UNLINK_SETTLE_MS, true)
      seen.delete(file)
      if (now === null) emit('unlink', file)
      else emit('change', file, stats)
    })
  }

  const schedule = (file: string, entry: { stamp: Stamp; timer?: ReturnType<typeof setTimeout> }, ms: number, again = false) => {
    entry.timer = setTimeout(() => look(file, entry, again), ms)
    entry.timer.unref?.()
  }

  const onEvent = (file: string, stats: Stats | undefined, gone: boolean) => {
    if (!isInToolDir(file)) return
    clearTimeout(seen.get(file)?.timer)
    if (gone) return void seen.delete(file)
    const entry: { stamp: Stamp; timer?: ReturnType<typeof setTimeout> } = { stamp: stats ? stampOf(stats) : null }
    seen.set(file, entry)
    if (stats) return schedule(file, entry, SETTLE_MS)
    // An event without stats (one a plugin emitted): take the version as it is now.
    void stampAt(file).then((stamp) => {
      if (seen.get(file) !== entry) return
      entry.stamp = stamp
      schedule(file, entry, SETTLE_MS)
    })
  }

  watcher.on('add', (file: string, stats?: Stats) => onEvent(file, stats, false))
  watcher.on('change', (file: string, stats?: Stats) => onEvent(file, stats, false))
  watcher.on('unlink', (file: string) => onEvent(file, undefined, true))
}

/**
 * Chokidar 3 (Vite's watcher) lists a watched directory again — a readdir and an lstat of
 * every entry, each through libuv's four-thread pool, then a JS pass over them — on every
 * fs.watch event in it, a content change included, and once more for an event that came in
 * meanwhile. A plain save (a truncate, then a write) of one of 1000 tool files thus cost two
 * listings of 1000 entries: ~50 ms during which the event loop stalled in 10–20 ms slices
 * and every file read (Vite's, the scan's, the writer's own) queued behind 2000 lstats —
 * most of the time from save to page.
 *
 * A listing only adds the names it did not know and removes the known names it no longer
 * finds; a file's own watcher reports its changes. fs.watch (libuv, every platform) reports
 * an entry that appeared or went away as `rename` with its name, anything else as `change`.
 * So for a tool dir a listing is skipped when the event that asked for it cannot change the
 * set of names: a `change`, or a `rename` of a name that chokidar knows and that is there
 * (an editor's atomic save renames a new file over the old one). Any other `rename` — an
 * added, removed or unknown name — lists as before. The event is known only after the
 * request: chokidar's fs.watch callback calls the dir's listener, then emits `raw` with the
 * event (synchronously, same stack), so the decision waits one microtask. Other dirs, the
 * first listing, a listing for a new dir or a re-run run as before; without these chokidar
 * internals (another watcher, polling, fsevents) nothing changes.
 */
function skipNeedlessListings(watcher: FSWatcher, isInToolDir: (file: string) => boolean) {
  type HandleRead = (this: unknown, directory: string, initialAdd: boolean, ...rest: unknown[]) => unknown
  const internals = watcher as unknown as {
    _nodeFsHandler?: { _handleRead?: HandleRead }
    _getWatchedDir?: (directory: string) => { has(name: string): boolean }
  }
  const handler = internals._nodeFsHandler
  const handleRead = handler?._handleRead
  if (!handler || typeof handleRead !== 'function') return
  const known = (directory: string, name: string): boolean => {
    if (typeof internals._getWatchedDir !== 'function' || name.includes('/') || name.includes(path.sep)) return false
    return internals._getWatchedDir.call(watcher, directory).has(name) && lstatSync(path.join(directory, name), { throwIfNoEntry: false }) !== undefined
  }
  /** Listings asked for in the current fs.watch callback, waiting for its `raw` event. */
  const asked: { directory: string; needless: boolean }[] = []
  watcher.on('raw', (event: string, name: unknown, details: { watchedPath?: string } | undefined) => {
    for (const call of asked) {
      if (call.directory !== details?.watchedPath) continue
      if (event === 'change' || (event === 'rename' && typeof name === 'string' && name !== '' && known(call.directory, name))) call.needless = true
    }
  })
  handler._handleRead = function (this: unknown, directory: string, initialAdd: boolean, ...rest: unknown[]) {
    if (initialAdd || typeof directory !== 'string' || !isInToolDir(path.join(directory, '_'))) {
      return handleRead.call(this, directory, initialAdd, ...rest)
    }
    const call = { directory, needless: false }
    asked.push(call)
    return Promise.resolve().then(() => {
      asked.splice(asked.indexOf(call), 1)
      if (!call.needless) return handleRead.call(this, directory, initialAdd, ...rest)
    })
  }
}

const EMPTY_WAIT_MS = 100
const EMPTY_POLL_MS = 2

const sizeOf = (file: string): number => {
  try {
    return statSync(file).size
  } catch {
    return -1
  }
}

/**
 * Resolves once the file is not empty, is gone, or has stayed empty for EMPTY_WAIT_MS.
 * Not Vite's `read()`, which reads the whole file and, when it is empty, polls every 10 ms
 * for a new mtime (and so depends on the mtime's resolution): the size shows the write at
 * once. A synchronous stat (microseconds) does not wait for a turn in libuv's thread pool,
 * where the watcher's and Vite's own file operations queue.
 */
async function untilWritten(file: string): Promise<void> {
  const deadline = performance.now() + EMPTY_WAIT_MS
  while (sizeOf(file) === 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, EMPTY_POLL_MS))
  }
}

export type ViteDev = ReturnType<typeof createViteDev>

export function createViteDev(ctx: ToolRegistryContext) {
  let serving = false
  let logger: Logger | undefined
  /** A page requested the virtual module while errors existed: it never got a module to update. */
  let loadedInError = false
  /** The overlay's message while errors exist: pages that connect later get it too. */
  let overlay: string | undefined
  /** Per environment: the last scan without errors, and the updates withheld since. */
  const lastGood = new Map<string, ScanResult>()
  const withheld = new Map<string, Set<EnvironmentModuleNode>>()
  /**
   * Per environment: the source (hash) of each tool module as last sent in an update. A
   * second update for the same text (the watcher reporting one save twice, or its report
   * arriving after the plugin's own) is not sent: two updates of one module in flight
   * make the page evaluate it twice — its self-update and the virtual module's re-import
   * can ask for different `?t=` URLs — and the later dispose then removes live tools.
   */
  const sent = new Map<string, Map<string, string>>()
  /** The hot updates in flight, chained: see `hotUpdate`. */
  let inFlight: Promise<unknown> = Promise.resolve()

  /**
   * Chokidar reports a rename as `add` before `unlink` (SPEC §8): a TR001 naming a file
   * that is already gone is stale, so scan once more.
   */
  async function scanSettled(hint?: ScanHint): Promise<ScanResult> {
    const result = await ctx.scan(hint)
    const { errors } = ctx.report(result)
    const named = errors.filter((d) => d.code === 'TR001').flatMap((d) => [d, ...(d.related ?? [])])
    const files = [...new Set(named.map((site) => path.resolve(result.options.root, site.file)))]
    const present = await Promise.all(files.map(exists))
    return present.every(Boolean) ? result : ctx.scan()
  }

  const overlayPayload = (message: string) => ({ type: 'error' as const, err: { message, stack: '', plugin: 'toolreg' } })

  return {
    get serving() {
      return serving
    },

    configResolved(config: { command: string; logger: Logger }) {
      serving = config.command === 'serve'
      logger = config.logger
      // A rename is an unlink and an add: write the .d.ts once, after both.
      if (serving) ctx.setDtsDelay(100, (error) => logger?.error(`[toolreg] could not write the .d.ts: ${String(error)}`))
    },

    configureServer(server: ViteDevServer) {
      // Vite watches its root; tool dirs may lie outside it (a monorepo's shared tools).
      const root = server.config.root
      const outside = ctx.toolDirs().filter((dir) => path.relative(root, dir).startsWith('..'))
      if (outside.length > 0) server.watcher.add(outside)
      reportMissedEvents(server.watcher, ctx.isInToolDir)
      skipNeedlessListings(server.watcher, ctx.isInToolDir)
      // A page opened while errors exist shows them too; the fix then reloads it (Vite's
      // client reloads a page whose first update finds an overlay).
      server.environments.client.hot.on('vite:client:connect', (_data, client) => {
        if (overlay !== undefined) client.send(overlayPayload(overlay))
      })
    },

    /** At server start: diagnostics are logged, never thrown (the server must come up). */
    reportAtStart(result: ScanResult, environment: string) {
      const { errors, errorMessage, warnings } = ctx.report(result)
      for (const { message } of warnings) logger?.warn(message)
      if (errors.length > 0) {
        logger?.error(errorMessage)
        if (environment === 'client') overlay = errorMessage
      } else lastGood.set(environment, result)
    },

    /** The virtual module was requested while errors exist. */
    noteLoadInError() {
      loadedInError = true
    },

    virtualModuleFooter: VIRTUAL_MODULE_HMR,
    toolModuleFooter: toolModuleHmr,

    hotUpdate(this: { environment: DevEnvironment }, options: HotUpdateOptions) {
      if (!ctx.isInToolDir(options.file)) return undefined
      const env = this.environment
      // An environment that has loaded neither this file nor the virtual module (the `ssr`
      // one of a client-only app) has nothing to update, and Vite sends the client's update
      // only after every environment's hook: skip it. Its last good scan is forgotten, so
      // once it loads the virtual module its first update re-imports that too.
      if (env.name !== 'client' && options.modules.length === 0 && !env.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID)) {
        lastGood.delete(env.name)
        return undefined
      }
      // One update at a time, in the order of the events: Vite runs the hook once per
      // environment and does not wait for one event before handling the next, and each
      // update compares its scan with the one before (`lastGood`). Run concurrently, an
      // older scan could be applied after a newer one, and a file invalidated while another
      // update's scan was reading it could be cached in its old version.
      const run = inFlight.then(() => applyUpdate(env, options))
      inFlight = run.catch(() => undefined)
      return run
    },
  }

  async function applyUpdate(env: DevEnvironment, { file, type, modules }: HotUpdateOptions): Promise<EnvironmentModuleNode[]> {
    // A save is often a truncate then a write: wait out the empty file, which would
    // otherwise look like a removed tool module (and prune it). A file deleted right after
    // its save is found by the scan.
    if (type !== 'delete') await untilWritten(file)
    ctx.invalidate(file)
    // A content change rescans that file alone (SPEC §3.7); an add or unlink walks the dirs.
    const result = await scanSettled(type === 'update' ? { changed: [file] } : undefined)
    const { errors, errorMessage } = ctx.report(result)
    const pending = withheld.get(env.name) ?? new Set<EnvironmentModuleNode>()
    withheld.set(env.name, pending)
    const sentHere = sent.get(env.name) ?? new Map<string, string>()
    sent.set(env.name, sentHere)
    const scanned = ctx.toolModuleOf(file)
    if (type === 'delete') sentHere.delete(path.resolve(file))
    const unchanged = type === 'update' && scanned !== undefined && sentHere.get(scanned.absPath) === scanned.sourceHash
    // A deleted module must not be re-imported (404): the virtual module's update prunes it.
    const changed = type === 'delete' || unchanged ? [] : modules

    if (errors.length > 0) {
      // Applying now would run `dispose` and lose tools: keep the last good registry.
      for (const mod of changed) pending.add(mod)
      if (env.name === 'client') {
        overlay = errorMessage
        env.hot.send(overlayPayload(errorMessage))
      }
      return []
    }

    const before = lastGood.get(env.name)
    lastGood.set(env.name, result)
    const updates = new Set<EnvironmentModuleNode>(changed)
    for (const mod of pending) if (mod.file && (await exists(mod.file))) updates.add(mod)
    pending.clear()

    if (env.name === 'client' && loadedInError) {
      loadedInError = false
      overlay = undefined
      // The page loads every module again.
      sentHere.clear()
      env.hot.send({ type: 'full-reload', path: '*' })
      return []
    }
    // An update is also what clears the client's overlay.
    const clearOverlay = env.name === 'client' && overlay !== undefined
    if (!before || changesVirtualModule(before, result) || clearOverlay) {
      const virtual = env.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID)
      if (virtual) {
        env.moduleGraph.invalidateModule(virtual)
        updates.add(virtual)
      }
    }
    if (clearOverlay) overlay = undefined
    for (const mod of updates) {
      const tool = mod.file ? ctx.toolModuleOf(mod.file) : undefined
      if (tool) sentHere.set(tool.absPath, tool.sourceHash)
    }
    return [...updates]
  }
}
