// How the dev server's decisions (../../dev/session.ts) reach Vite: through its module
// graph and HMR channel, public API only (docs/architecture.md, "Dev server").
import { statSync } from 'node:fs'
import type { DevEnvironment, EnvironmentModuleNode, ViteDevServer } from 'vite'
import type { DevDecision } from '../../dev/session.js'
import { RESOLVED_VIRTUAL_MODULE_ID } from '../../codegen/companion-ids.js'

/** The file's size in bytes, -1 when it is gone. */
export const sizeOf = (file: string): number => statSync(file, { throwIfNoEntry: false })?.size ?? -1

export const overlayPayload = (message: string) => ({
  type: 'error' as const,
  err: { message, stack: '', plugin: 'toolreg' },
})

/** `isToolModule`: files whose updates are the session's (the others update as Vite would). */
export function viteUpdates(server: ViteDevServer, isToolModule: (file: string) => boolean) {
  const environments = Object.values(server.environments) as DevEnvironment[]
  const modulesOf = (env: DevEnvironment, file: string) => env.moduleGraph.getModulesByFile(file) ?? []

  /** Re-import a module through Vite's HMR, after the same non-HMR invalidation as `forget`. */
  async function reload(env: DevEnvironment, mod: EnvironmentModuleNode): Promise<void> {
    env.moduleGraph.invalidateModule(mod)
    await env.reloadModule(mod)
  }

  return {
    /**
     * What Vite's watcher does first for a file it sees change: its transform is stale, and a
     * request still in flight for it must not be reused (Vite reuses one that started after
     * the module's last non-HMR invalidation).
     */
    forget(paths: Iterable<string>): void {
      for (const env of environments) {
        for (const file of paths) {
          env.moduleGraph.onFileChange(file)
          if (sizeOf(file) < 0) env.moduleGraph.onFileDelete(file)
        }
      }
    },

    async apply(decision: DevDecision): Promise<void> {
      const client = server.environments.client
      if (decision.type === 'error') client.hot.send(overlayPayload(decision.message))
      if (decision.type === 'full-reload') {
        client.hot.send({ type: 'full-reload', path: '*' })
        // A server environment (SSR, a Worker) that loaded the virtual module in error ran it
        // without tools: its module runner (in Vite's process or in workerd) runs its entries
        // again, which load the fixed module.
        for (const env of environments) {
          if (env === client) continue
          const virtual = env.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID)
          if (!virtual) continue
          env.moduleGraph.invalidateModule(virtual)
          env.hot.send({ type: 'full-reload', path: '*' })
        }
      }
      if (decision.type !== 'update') return
      for (const env of environments) {
        // Tool modules first: the virtual module's new version then imports their new URLs.
        for (const file of decision.modules) for (const mod of modulesOf(env, file)) await reload(env, mod)
        const virtual = decision.virtualModule ? env.moduleGraph.getModuleById(RESOLVED_VIRTUAL_MODULE_ID) : undefined
        if (virtual) await reload(env, virtual)
      }
    },

    /** Files in the tool dirs that are no tool module (a helper one imports) update as Vite would. */
    async reloadPlain(paths: Iterable<string>): Promise<void> {
      for (const file of paths) {
        if (isToolModule(file)) continue
        for (const env of environments) for (const mod of modulesOf(env, file)) await reload(env, mod)
      }
    },
  }
}
