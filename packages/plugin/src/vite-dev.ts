// The Vite dev server's side (docs/architecture.md, "Dev server"): the plugin's own
// watcher feeds the dev session (./core/dev-session.ts), which decides; this file only
// carries its decisions out through Vite's public API. Nothing else imports Vite's dev types.
import { statSync } from 'node:fs'
import path from 'node:path'
import type { DevEnvironment, EnvironmentModuleNode, HotUpdateOptions, Logger, ViteDevServer } from 'vite'
import { RESOLVED_VIRTUAL_MODULE_ID, type ToolRegistryContext } from './context.js'
import { createDevSession, type DevDecision } from './core/dev-session.js'
import { VIRTUAL_MODULE_HMR, withToolModuleHmr } from './core/hmr-code.js'
import { registryModuleOf } from './core/options.js'
import { scanSource, sourceHash } from './core/scan-file.js'
import type { ScanResult } from './core/types.js'
import { createToolFileMatcher, isInside } from './core/walk.js'
import { watchToolDirs, type ToolDirWatcher } from './core/watch.js'

const sizeOf = (file: string): number => statSync(file, { throwIfNoEntry: false })?.size ?? -1

const overlayPayload = (message: string) => ({ type: 'error' as const, err: { message, stack: '', plugin: 'toolreg' } })

export type ViteDev = ReturnType<typeof createViteDev>

export function createViteDev(ctx: ToolRegistryContext) {
  let logger: Logger | undefined
  let viteRoot: string | undefined
  let server: ViteDevServer | undefined
  let watcher: ToolDirWatcher | undefined
  let started = false
  /** Files served as tool modules: their updates (a delete too) are the session's, never Vite's. */
  const served = new Set<string>()
  const session = createDevSession({
    scan: (hint) => ctx.scan(hint),
    invalidate: (file) => ctx.invalidate(file),
    errorsOf: (result) => ctx.report(result),
    sizeOf,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  })

  /**
   * What Vite's watcher does first for a file it sees change: its transform is stale, and a
   * request still in flight for it must not be reused (Vite reuses one that started after
   * the module's last non-HMR invalidation).
   */
  function forget(paths: Iterable<string>): void {
    for (const env of environments()) {
      for (const file of paths) {
        env.moduleGraph.onFileChange(file)
        if (sizeOf(file) < 0) env.moduleGraph.onFileDelete(file)
      }
    }
  }

  /** Re-import a module through Vite's HMR, after the same non-HMR invalidation as above. */
  async function reload(env: DevEnvironment, mod: EnvironmentModuleNode): Promise<void> {
    env.moduleGraph.invalidateModule(mod)
    await env.reloadModule(mod)
  }

  const pageScan = async (): Promise<ScanResult> => session.page ?? (await ctx.currentScan())

  const environments = (): DevEnvironment[] => (server ? (Object.values(server.environments) as DevEnvironment[]) : [])

  /** Files Vite would update as usual (a helper a tool module imports): its `reloadModule` does it. */
  async function reloadPlain(paths: Iterable<string>): Promise<void> {
    if (!server) return
    for (const file of paths) {
      if (served.has(file) || ctx.toolModuleOf(file)) continue
      for (const env of environments()) for (const mod of env.moduleGraph.getModulesByFile(file) ?? []) await reload(env, mod)
    }
  }

  async function apply(decision: DevDecision): Promise<void> {
    const client = server?.environments.client
    if (decision.type === 'error') client?.hot.send(overlayPayload(decision.message))
    if (decision.type === 'full-reload') client?.hot.send({ type: 'full-reload', path: '*' })
    if (decision.type !== 'update' || !server) return
    for (const env of environments()) {
      // Tool modules first: the virtual module's new version then imports their new URLs.
      for (const file of decision.modules) for (const mod of env.moduleGraph.getModulesByFile(file) ?? []) await reload(env, mod)
      const virtual = decision.virtualModule ? env.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID) : undefined
      if (virtual) await reload(env, virtual)
    }
  }

  return {
    configResolved(config: { logger: Logger; root: string }) {
      logger = config.logger
      viteRoot = config.root
      // A rename is an unlink and an add: write the .d.ts once, after both.
      ctx.setDtsDelay(100, (error) => logger?.error(`[toolreg] could not write the .d.ts: ${String(error)}`))
    },

    /**
     * Vite's watcher stays out of the tool dirs: its chokidar lists a dir again on every
     * event in it (two listings of 1000 entries per save at 1000 tools, stalling every file
     * read behind them) and drops a second `change` within 50 ms. The plugin's own watcher
     * reports every file there, and `reloadPlain` updates the ones that are no tool module.
     */
    ignoredByVite(file: string): boolean {
      if (viteRoot === undefined) return false
      const root = viteRoot
      return ctx.toolDirs().some((dir) => !isInside(root, dir) && isInside(path.resolve(file), dir))
    },

    configureServer(devServer: ViteDevServer) {
      server = devServer
      const options = ctx.options()
      const isToolFile = createToolFileMatcher(options)
      watcher = watchToolDirs({
        dirs: ctx.toolDirs(),
        recursive: options.include.some((pattern) => pattern.includes('/')),
        accept: () => true,
        onChange: (paths) => {
          const candidates = [...paths].filter(isToolFile)
          forget(paths)
          const handled = candidates.length > 0 ? session.handle(candidates).then(apply) : Promise.resolve()
          handled
            .then(() => reloadPlain(paths))
            .catch((error: unknown) => logger?.error(`[toolreg] dev update failed: ${String(error)}`))
        },
        onError: (error) => logger?.error(`[toolreg] watching the tool dirs: ${String(error)}`),
      })
      // A page opened while errors exist shows them too; the fix then reloads it (Vite's
      // client reloads a page whose first update finds an overlay).
      devServer.environments.client.hot.on('vite:client:connect', (_data, client) => {
        if (session.overlay !== undefined) client.send(overlayPayload(session.overlay))
      })
    },

    /** At server start: diagnostics are logged, never thrown (the server must come up). */
    start(result: ScanResult) {
      if (started) return
      started = true
      const { errors, errorMessage, warnings } = ctx.report(result)
      for (const { message } of warnings) logger?.warn(message)
      if (errors.length > 0) logger?.error(errorMessage)
      session.start(result)
    },

    /**
     * The virtual module in dev, from the session's last good scan: a page that loads it
     * while errors exist (a new tab, or an update's fetch that a save overtook) runs the
     * last good registry and gets the overlay when it connects. Errors since the start:
     * the load fails and the fix reloads the page.
     */
    async loadVirtualModule(fail: (message: string) => never): Promise<string> {
      const result = await pageScan()
      const { errors, errorMessage } = ctx.report(result)
      if (errors.length > 0) {
        session.loadedInError()
        fail(errorMessage)
      }
      return ctx.loadVirtualModule(result, { lazy: false }) + VIRTUAL_MODULE_HMR
    },

    /** The virtual module's companions (the sources table), from the same scan. */
    async loadCompanion(id: string): Promise<string | undefined> {
      return ctx.loadVirtual(id, await pageScan(), 'path', true)
    },

    /**
     * Each tool module registers between `beginSource` and `endSource`, and accepts its own
     * updates. A save that landed after the scan and before Vite read the file: the header
     * and verify's names come from a scan of the text Vite loaded, never a stale one.
     */
    transform(code: string, id: string) {
      const scanned = ctx.toolModuleOf(id)
      if (!scanned) return null
      served.add(scanned.absPath)
      const text = code.charCodeAt(0) === 0xfeff ? code.slice(1) : code
      const file = sourceHash(text) === scanned.sourceHash ? scanned : scanSource(text, scanned, ctx.options())
      return { code: withToolModuleHmr(code, file, registryModuleOf(ctx.options()), ctx.options().verify ?? true), map: null, moduleSideEffects: true }
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
