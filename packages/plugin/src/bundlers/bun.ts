// `@toolreg/plugin/bun`: for `Bun.build({ plugins })` and `Bun.plugin()` (a `preload` for
// `bun run`). Typed here, so the declarations never need bun-types.
import type { ToolRegistryOptions } from '../types.js'
import { resolveOptions } from '../options/options.js'
import { generateModule } from '../codegen/virtual-module.js'
import { createToolRegistryContext, VIRTUAL_MODULE_ID } from './context.js'
import { toolRegistry } from './unplugin/factory.js'

/** A Bun plugin (`BunPlugin` of bun-types, as far as a user's config reads it). */
export interface ToolRegistryBunPlugin {
  name: string
  setup(build: object): void | Promise<void>
}

interface BunBuild {
  onStart?: unknown
  module(specifier: string, callback: () => Promise<{ contents: string; loader: 'js' }>): void
}

/**
 * `Bun.plugin()`'s runtime builder: no `onStart` (where unplugin reports diagnostics), and its
 * `onResolve` never sees `virtual:` specifiers and must answer synchronously; its `module()`
 * declares a virtual module. Its loader scans, fails the import on error diagnostics (a
 * duplicate is a TR001 there, not a registry that misses a tool), and declares the
 * companions the module imports before handing Bun its text.
 */
function setupRuntime(build: BunBuild, options: ToolRegistryOptions | undefined): void {
  const ctx = createToolRegistryContext(options)
  ctx.setBundlerRoot(process.cwd())
  build.module(VIRTUAL_MODULE_ID, async () => {
    const result = await ctx.scan()
    const errors: string[] = []
    ctx.reportTo(result, { warn: message => console.warn(message), error: message => void errors.push(message) })
    if (errors.length > 0) throw new Error(errors.join('\n'))
    const companions: string[] = []
    const contents = generateModule(result, {
      verify: result.options.verify ?? false,
      companionPath: id => (companions.push(id), id),
    })
    for (const id of companions)
      build.module(id, async () => ({ contents: (await ctx.loadCompanion(id, result)) ?? '', loader: 'js' }))
    return { contents, loader: 'js' }
  })
}

export default function bunPlugin(options?: ToolRegistryOptions): ToolRegistryBunPlugin {
  // unplugin creates the plugin only when Bun applies it: check the options now.
  resolveOptions(options)
  const plugin = toolRegistry.bun(options) as unknown as ToolRegistryBunPlugin
  return {
    name: plugin.name,
    setup: build =>
      typeof (build as BunBuild).onStart === 'function'
        ? plugin.setup(build)
        : setupRuntime(build as BunBuild, options),
  }
}
