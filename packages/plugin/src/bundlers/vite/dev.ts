// The Vite dev server's side (docs/architecture.md, "Dev server"): the plugin's own
// watcher feeds the dev session (../../dev/session.ts), which decides; this file only
// carries its decisions out through Vite's public API. Nothing else imports Vite's dev types.
import path from 'node:path'
import type { HotUpdateOptions, Logger, ViteDevServer } from 'vite'
import type { ToolRegistryContext } from '../context.js'
import { createDevSession, type DevDecision } from '../../dev/session.js'
import { pruneDeletedFiles, unloadedModule, VIRTUAL_MODULE_HMR, withToolModuleHmr } from '../../dev/hmr-code.js'
import type { ScanResult } from '../../types.js'
import { createToolFileMatcher, isInside } from '../../scan/walk.js'
import { watchToolDirs, type ToolDirWatcher } from '../../dev/watch.js'
import { overlayPayload, sizeOf, viteUpdates } from './updates.js'

export function createViteDev(ctx: ToolRegistryContext) {
  let logger: Logger | undefined
  let viteRoot: string | undefined
  let watcher: ToolDirWatcher | undefined
  let started = false
  /** Files served as tool modules: their updates (a delete too) are the session's, never Vite's. */
  const served = new Set<string>()
  const session = createDevSession({
    scan: hint => ctx.scan(hint),
    invalidate: file => ctx.invalidate(file),
    errorsOf: result => ctx.report(result),
    sizeOf,
    sleep: ms => new Promise(resolve => setTimeout(resolve, ms)),
  })
  /**
   * Errors reach the terminal as well as the overlay (a Worker or a server route has no page),
   * each once: the same errors again after another save are not printed again.
   */
  let told: string | undefined
  const tell = (decision: DevDecision): DevDecision => {
    if (decision.type === 'error' && decision.message !== told) logger?.error(decision.message)
    if (decision.type === 'update' && told !== undefined) logger?.info('[toolreg] the tool files have no errors now')
    if (decision.type !== 'none' || told === undefined) told = decision.type === 'error' ? decision.message : undefined
    return decision
  }

  /** What a page that loads the virtual module gets: the session's last good scan (see loadVirtualModule). */
  const pageScan = async (): Promise<ScanResult> => session.page ?? (await ctx.currentScan())

  return {
    configResolved(config: { logger: Logger; root: string }) {
      logger = config.logger
      viteRoot = config.root
      // A rename is an unlink and an add: write the .d.ts once, after both.
      ctx.setDtsDelay(100, error => logger?.error(`[toolreg] could not write the .d.ts: ${String(error)}`))
    },

    /**
     * Vite's watcher stays out of the tool dirs: its chokidar lists a dir again on every
     * event in it (two listings of 1000 entries per save at 1000 tools) and drops a second
     * `change` within 50 ms. The plugin's own watcher reports every file there.
     */
    ignoredByVite(file: string): boolean {
      const root = viteRoot
      return root !== undefined && ctx.toolDirs().some(dir => !isInside(root, dir) && isInside(path.resolve(file), dir))
    },

    configureServer(server: ViteDevServer) {
      const updates = viteUpdates(server, file => served.has(file) || ctx.toolModuleOf(file) !== undefined)
      const options = ctx.options()
      const isToolFile = createToolFileMatcher(options)
      watcher = watchToolDirs({
        dirs: ctx.toolDirs(),
        recursive: options.include.some(pattern => pattern.includes('/')),
        onChange: paths => {
          const candidates = [...paths].filter(isToolFile)
          updates.forget(paths)
          const handled =
            candidates.length > 0 ? session.handle(candidates).then(tell).then(updates.apply) : Promise.resolve()
          handled
            .then(() => updates.reloadPlain(paths))
            .catch((error: unknown) => logger?.error(`[toolreg] dev update failed: ${String(error)}`))
        },
        onError: error => logger?.error(`[toolreg] watching the tool dirs: ${String(error)}`),
      })
      // A page opened while errors exist shows them too (Vite's client reloads a page whose first update finds an overlay).
      server.environments.client.hot.on('vite:client:connect', (_data, client) => {
        if (session.overlay !== undefined) client.send(overlayPayload(session.overlay))
      })
    },

    /** At server start: diagnostics are logged, never thrown (the server must come up). */
    start(result: ScanResult) {
      if (started) return
      started = true
      ctx.reportTo(result, { warn: message => logger?.warn(message), error: message => logger?.error(message) })
      session.start(result)
    },

    /**
     * The virtual module, from the session's last good scan: a page that loads it while
     * errors exist (a new tab, or an update's fetch that a save overtook) runs the last good
     * registry and gets the overlay when it connects. With no good scan since the start a
     * page's load fails, and the fix reloads the page; a server environment's (`consumer:
     * 'server'`: SSR, a Worker) gets a registry without tools and the errors in `loadErrors`,
     * so a server that runs its entry at start-up comes up, and the fix reloads it.
     */
    async loadVirtualModule(consumer: 'client' | 'server', fail: (message: string) => never): Promise<string> {
      const result = await pageScan()
      const { errors, errorMessage } = ctx.report(result)
      if (errors.length > 0) {
        session.loadedInError()
        if (consumer === 'server') return unloadedModule(errors, ctx.options())
        fail(errorMessage)
      }
      return ctx.devModule(result) + VIRTUAL_MODULE_HMR + pruneDeletedFiles(result)
    },

    /** The virtual module's companions (the sources table), from the same scan. */
    async loadCompanion(id: string): Promise<string | undefined> {
      return ctx.loadCompanion(id, await pageScan(), true)
    },

    /** Each tool module registers between `beginSource` and `endSource`, and accepts its own updates. */
    async transform(code: string, id: string) {
      const scanned = ctx.toolModuleOf(id)
      if (!scanned) return null
      served.add(scanned.absPath)
      return { code: await withToolModuleHmr(code, scanned, ctx.options()), map: null, moduleSideEffects: true }
    },

    /** The plugin's own watcher handles tool modules: Vite sends nothing for them. Other files go as usual. */
    hotUpdate(options: HotUpdateOptions) {
      return served.has(options.file) || ctx.toolModuleOf(options.file) ? [] : undefined
    },

    close() {
      watcher?.close()
    },
  }
}
