// `@toolreg/plugin/vite`: the shared hooks plus the dev server's.
import type { Plugin, ResolvedConfig } from 'vite'
import { createToolRegistryContext } from './context.js'
import type { ToolRegistryOptions } from './core/types.js'
import { rollupLikeHooks } from './rollup-like.js'
import { createViteDev } from './vite-dev.js'

export default function toolRegistry(options?: ToolRegistryOptions): Plugin {
  const ctx = createToolRegistryContext(options)
  const dev = createViteDev(ctx)
  return {
    ...rollupLikeHooks(ctx, dev),
    // Before TypeScript plugins: the transform must see the original positions.
    enforce: 'pre',
    configResolved(config: ResolvedConfig) {
      ctx.setBundlerRoot(config.root)
      dev.configResolved(config)
    },
    configureServer: dev.configureServer,
    hotUpdate: dev.hotUpdate,
    // The dev server debounces scan-cache saves: write the pending one when it closes.
    closeBundle: () => ctx.flushCache(),
  }
}
