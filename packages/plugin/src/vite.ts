// `@toolreg/plugin/vite`: the shared hooks; under `vite serve` the dev server's
// (./vite-dev.ts) take the place of buildStart, load and transform.
import type { Plugin, ResolvedConfig } from 'vite'
import { createToolRegistryContext, isVirtualModuleId } from './context.js'
import type { ToolRegistryOptions } from './core/types.js'
import { rollupLikeHooks } from './rollup-like.js'
import { createViteDev } from './vite-dev.js'

export default function toolRegistry(options?: ToolRegistryOptions): Plugin {
  const ctx = createToolRegistryContext(options)
  const hooks = rollupLikeHooks(ctx)
  const dev = createViteDev(ctx)
  let serving = false
  // Builds rewrite no tool module; under `vite serve` each gets the dev server's header and
  // footer. Every tool module contains `register` or an escape (the scan's pre-check):
  // Rolldown skips the call into JS for the other modules. A build has no transform hook at
  // all: even a filtered one cost a call into JS per tool module (bench/PROFILE.md).
  const transform: Plugin['transform'] = {
    filter: { code: /register|\\u/ },
    handler(code, id) {
      return serving ? dev.transform(code, id) : null
    },
  }
  const plugin: Plugin = {
    ...hooks,
    // Before TypeScript plugins: the transform must see the original positions.
    enforce: 'pre',
    config: () => ({ server: { watch: { ignored: [(file: string) => dev.ignoredByVite(file)] } } }),
    configResolved(config: ResolvedConfig) {
      ctx.setBundlerRoot(config.root)
      serving = config.command === 'serve'
      // Vite hands the bundler its plugins after this hook: a build sees no transform.
      if (serving) {
        plugin.transform = transform
        dev.configResolved(config)
      } else delete plugin.transform
    },
    configureServer: (server) => dev.configureServer(server),
    async buildStart() {
      if (!serving) return hooks.buildStart.call(this)
      dev.start(await ctx.scan())
    },
    load: {
      filter: hooks.load.filter,
      async handler(id) {
        if (!serving) return hooks.load.handler.call(this, id)
        if (isVirtualModuleId(id)) return dev.loadVirtualModule((message) => this.error({ message }))
        return (await dev.loadCompanion(id)) ?? null
      },
    },
    transform,
    hotUpdate(update) {
      return dev.hotUpdate(update)
    },
    // The dev server debounces scan-cache saves: write the pending one when it closes.
    closeBundle() {
      dev.close()
      return ctx.flushCache()
    },
  }
  return plugin
}
