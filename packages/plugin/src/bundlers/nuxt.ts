// `@toolreg/plugin/nuxt`: a Nuxt module (packages/plugin/README.md, "Nuxt"). Nuxt has two
// bundlers: Vite builds the Vue app (client and SSR), Nitro's Rollup builds the server
// (server/api, server/routes). The module hands Vite the Vite plugin and Nitro the Rollup
// plugin, with the options of `toolreg: { … }` in nuxt.config and of the module's entry in
// `modules`. A Nuxt module is a function with `getMeta`: no @nuxt/kit, and no Nuxt types
// (Nuxt's generated types infer the options from the call signature below).
import path from 'node:path'
import { resolveProjectOptions } from '../options/config.js'
import type { ToolRegistryOptions } from '../types.js'
import { createToolRegistryContext } from './context.js'
import rollupPlugin from './rollup.js'
import { createVitePlugins } from './vite.js'

/** The module's key in nuxt.config: `toolreg: { dirs: ['agent-tools'] }`. */
const CONFIG_KEY = 'toolreg'

/** Nuxt's `ModuleMeta`, as far as this module fills it (Nuxt's has an index signature). */
interface ToolregNuxtModuleMeta {
  name: string
  configKey: string
  compatibility: { nuxt: string }
  [key: string]: unknown
}

/** The part of Nuxt's `Nuxt` instance the module uses (hooks documented by Nuxt). */
interface NuxtLike {
  options: { rootDir: string }
  // biome-ignore lint/suspicious/noExplicitAny: Nuxt's hook callbacks take its own types.
  hook(name: string, callback: (...args: any[]) => unknown): unknown
}

/**
 * What `modules: ['@toolreg/plugin/nuxt']` loads: Nuxt calls it with the inline options (a
 * `root` among them is relative to Nuxt's `rootDir`, also its default).
 */
interface ToolregNuxtModule {
  (this: void, inlineOptions: ToolRegistryOptions, nuxt: NuxtLike): Promise<void>
  getMeta(): Promise<ToolregNuxtModuleMeta>
}

interface NitroConfigLike {
  rollupConfig?: { plugins?: unknown; watch?: false | Record<string, unknown> }
}

/**
 * How long Nitro's Rollup watcher gathers changes before it rebuilds, in `nuxt dev`: a rename
 * then a save (an editor's "save as", a tool moved and edited) is one rebuild, not three. Three
 * within a second left Nitro's dev server without a ready worker now and then (the route's
 * requests waited for headers until they timed out).
 */
const NITRO_BUILD_DELAY_MS = 150
interface TypesContext {
  references: ({ path: string } | { types: string })[]
}

/** The options of the `toolreg` key under the module's inline ones, `root` made absolute. */
function moduleOptions(inline: ToolRegistryOptions | undefined, nuxt: NuxtLike): ToolRegistryOptions {
  const configured = (nuxt.options as Record<string, unknown>)[CONFIG_KEY]
  const merged = { ...(typeof configured === 'object' ? configured : {}), ...inline } as ToolRegistryOptions
  return { ...merged, root: path.resolve(nuxt.options.rootDir, merged.root ?? '.') }
}

async function setup(inline: ToolRegistryOptions, nuxt: NuxtLike): Promise<void> {
  const options = moduleOptions(inline, nuxt)
  // Bad options (and a bad toolreg.config) throw here, while Nuxt loads its modules.
  const { root, dts } = resolveProjectOptions(options)

  // Vite: the client's and the SSR's configs. Nuxt runs them as two dev servers (one plugin
  // instance each: an instance serves one server) or, with `experimental.viteEnvironmentApi`,
  // as the environments of one, whose configs share their plugins array (added to once).
  const added = new WeakSet<object>()
  nuxt.hook('vite:extendConfig', (config: { plugins?: object[] }) => {
    config.plugins ??= []
    if (config.plugins.some(plugin => added.has(plugin))) return
    const plugins = createVitePlugins(options, { byNuxtModule: true })
    for (const plugin of plugins) added.add(plugin)
    config.plugins.push(...plugins)
  })
  // Nitro's Rollup: `rollupConfig.plugins` run before Nitro's own plugins.
  nuxt.hook('nitro:config', (config: NitroConfigLike) => {
    config.rollupConfig ??= {}
    const plugins = config.rollupConfig.plugins
    config.rollupConfig.plugins = [
      ...(Array.isArray(plugins) ? plugins : plugins ? [plugins] : []),
      rollupPlugin(options),
    ]
    const watch = config.rollupConfig.watch
    if (watch !== false) config.rollupConfig.watch = { buildDelay: NITRO_BUILD_DELAY_MS, ...watch }
  })
  // The declarations of `virtual:tool-registry` in the Vue app's and the server's types,
  // written by `nuxt prepare` too (a scan writes them), so a fresh clone type-checks.
  if (dts !== false) {
    const reference = (types: TypesContext) => void types.references.push({ path: path.resolve(root, dts) })
    nuxt.hook('prepare:types', async (types: TypesContext) => {
      await createToolRegistryContext(options).scan()
      reference(types)
    })
    nuxt.hook('nitro:prepare:types', reference)
  }
}

const meta: ToolregNuxtModuleMeta = {
  name: '@toolreg/plugin/nuxt',
  configKey: CONFIG_KEY,
  compatibility: { nuxt: '>=4.0.0' },
}

const toolregNuxtModule: ToolregNuxtModule = Object.assign(setup, { getMeta: () => Promise.resolve(meta) })

export default toolregNuxtModule
