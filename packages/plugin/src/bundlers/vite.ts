// `@toolreg/plugin/vite`: the shared hooks; under `vite serve` the dev server's
// (./vite/dev.ts) take the place of buildStart and load, and a second plugin, applied only
// when serving, adds the tool modules' transform.
import path from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import { createToolRegistryContext, isVirtualModuleId } from './context.js'
import type { ToolRegistryOptions } from '../types.js'
import { rollupLikeHooks } from './rollup-like/hooks.js'
import { createViteDev } from './vite/dev.js'
import { refuseEmulatedVite, refuseNuxtWithoutModule } from './vite/hosts.js'
import { isVitest, vitestConfig, vitestModuleCache } from './vite/vitest.js'

export default function toolRegistry(options?: ToolRegistryOptions): Plugin[] {
  return createVitePlugins(options, { byNuxtModule: false })
}

/** `byNuxtModule`: added by `@toolreg/plugin/nuxt` (./nuxt.ts); Nuxt refuses any other. */
export function createVitePlugins(options: ToolRegistryOptions | undefined, host: { byNuxtModule: boolean }): Plugin[] {
  const ctx = createToolRegistryContext(options)
  const hooks = rollupLikeHooks(ctx)
  const dev = createViteDev(ctx)
  let serving = false
  // Builds rewrite no tool module, so a build has no transform hook at all (`apply: 'serve'`):
  // even a filtered one cost a call into JS per tool module (bench/PROFILE.md). Under
  // `vite serve` each tool module gets the dev server's header and footer. Every tool module
  // contains `register` or an escape (the scan's pre-check): Rolldown skips the call into JS
  // for the other modules.
  const devTransform: Plugin = {
    name: `${hooks.name}:dev-transform`,
    apply: 'serve',
    // Before TypeScript plugins: the transform must see the original positions.
    enforce: 'pre',
    transform: {
      filter: { code: /register|\\u/ },
      handler: (code, id) => dev.transform(code, id),
    },
  }
  // `configureVitest` is Vitest's hook (its types augment Vite's Plugin only where Vitest is imported).
  const plugin: Plugin & { configureVitest: typeof vitestModuleCache } = {
    ...hooks,
    enforce: 'pre',
    config(user, env) {
      if (isVitest(env)) return vitestConfig(ctx, user)
      // Vite resolves `root` the same way: the scan of a build starts here (see prescan).
      if (env.command === 'build') ctx.prescan(path.resolve(user.root ?? process.cwd()))
      return { server: { watch: { ignored: [(file: string) => dev.ignoredByVite(file)] } } }
    },
    configureVitest: vitestModuleCache,
    configResolved(config: ResolvedConfig) {
      refuseEmulatedVite(config)
      if (!host.byNuxtModule) refuseNuxtWithoutModule(config)
      ctx.setBundlerRoot(config.root)
      serving = config.command === 'serve'
      if (serving) dev.configResolved(config)
    },
    configureServer: server => dev.configureServer(server),
    async buildStart() {
      if (!serving) return hooks.buildStart.call(this)
      dev.start(await ctx.scan())
    },
    load: {
      filter: hooks.load.filter,
      async handler(id) {
        if (!serving) return hooks.load.handler.call(this, id)
        if (isVirtualModuleId(id))
          return dev.loadVirtualModule(this.environment.config.consumer, message => this.error({ message }))
        return (await dev.loadCompanion(id)) ?? null
      },
    },
    hotUpdate(update) {
      return dev.hotUpdate(update)
    },
    // The dev server debounces scan-cache saves: write the pending one when it closes.
    closeBundle() {
      dev.close()
      return ctx.flushCache()
    },
  }
  return [plugin, devTransform]
}
