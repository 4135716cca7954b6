// The Vite dev server glue (SPEC §3.6, §3.7, §8): HMR boundaries, the overlay for
// diagnostics, the last good registry while errors exist. Nothing else imports Vite.
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { DevEnvironment, EnvironmentModuleNode, HotUpdateOptions, Logger, ViteDevServer } from 'vite'
import { RESOLVED_VIRTUAL_MODULE_ID } from './context.js'
import type { ToolRegistryContext } from './context.js'
import type { FileScan, ScanResult } from './core/types.js'

/** Appended to the virtual module in dev: it re-imports the tool files when their set changes. */
const VIRTUAL_MODULE_HMR = '\nif (import.meta.hot) import.meta.hot.accept()\n'

/**
 * Appended to a tool module in dev: the module accepts its own updates, and its old
 * version deregisters the tools it registered (found by their `source`) before the new
 * version registers again. An entry a newer version has already replaced is left alone,
 * so a late dispose (two saves in flight) cannot remove a live tool. Imports are
 * hoisted, so an import at the end is fine.
 */
function toolModuleHmr(file: FileScan, registryModule: string): string {
  return `
import { registry as __toolregRegistry } from ${JSON.stringify(registryModule)}
if (import.meta.hot) {
  const __toolregPrefix = ${JSON.stringify(file.file + ':')}
  const __toolregOwn = __toolregRegistry.snapshot().filter((entry) =>
    typeof entry.source === 'string' &&
    entry.source.startsWith(__toolregPrefix) &&
    /^\\d+:\\d+$/.test(entry.source.slice(__toolregPrefix.length)))
  import.meta.hot.accept()
  import.meta.hot.dispose(() => {
    for (const entry of __toolregOwn) {
      if (__toolregRegistry.getEntry(entry.name) === entry) __toolregRegistry.deregister(entry.name)
    }
  })
}
`
}

/** What must reach a page: the set of tool modules or the static names changed. */
function changesVirtualModule(before: ScanResult, after: ScanResult): boolean {
  const files = (r: ScanResult) => r.toolModules.map((m) => m.absPath).join('\n')
  return files(before) !== files(after) || before.toolNames.join('\n') !== after.toolNames.join('\n')
}

const exists = (file: string) => stat(file).then(
  () => true,
  () => false,
)

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
   * Chokidar reports a rename as `add` before `unlink` (SPEC §8): a TR001 naming a file
   * that is already gone is stale, so scan once more.
   */
  async function scanSettled(): Promise<ScanResult> {
    const result = await ctx.scan()
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

    async hotUpdate(this: { environment: DevEnvironment }, { file, type, modules, read }: HotUpdateOptions) {
      if (!ctx.isInToolDir(file)) return undefined
      const env = this.environment
      // A save is often a truncate then a write: Vite's `read` waits out the empty file,
      // which would otherwise look like a removed tool module (and prune it).
      if (type !== 'delete') await read()
      ctx.invalidate(file)
      const result = await scanSettled()
      const { errors, errorMessage } = ctx.report(result)
      const pending = withheld.get(env.name) ?? new Set<EnvironmentModuleNode>()
      withheld.set(env.name, pending)
      // A deleted module must not be re-imported (404): the virtual module's update prunes it.
      const changed = type === 'delete' ? [] : modules

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
      return [...updates]
    },
  }
}
