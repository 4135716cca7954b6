// Where the Vite plugin refuses to run. Inside a host that only emulates Vite's plugin API
// (Farm's `vitePlugins`: its Rust side panics on the plugin's hook filters) it names the
// bundler's own entry. Inside Nuxt (packages/plugin/README.md, "Nuxt"): Nuxt's `vite.plugins`
// reach only the Vue app's Vite builds, never Nitro's server bundler, so a server route
// importing `virtual:tool-registry` would build with an "unresolved import" warning and fail
// at run time. `@toolreg/plugin/vite` placed there by hand is therefore a build error naming
// the module, which gives both bundlers the plugin (../nuxt.ts).

/** The part of Vite's resolved config read here. */
interface ViteConfigLike {
  /** Every Vite since 6 resolves its environments; a host emulating Vite's plugin API may not. */
  environments?: unknown
  /** Hosts that run Vite plugins (Farm's `vitePlugins`) may pass entries without a name. */
  plugins?: readonly ({ name?: unknown } | null | undefined)[]
}

/** Nuxt's Vite config: Nuxt's own plugins are named `nuxt:…`. */
function isNuxtViteConfig(config: ViteConfigLike): boolean {
  return (config.plugins ?? []).some(plugin => typeof plugin?.name === 'string' && plugin.name.startsWith('nuxt:'))
}

const NUXT_VITE_ONLY_MESSAGE =
  "toolreg: @toolreg/plugin/vite is in Nuxt's `vite.plugins`, which reach only the Vue app's Vite " +
  "builds: Nitro's server bundler (server/api, server/routes) cannot resolve virtual:tool-registry " +
  "there. Use the Nuxt module instead: `modules: ['@toolreg/plugin/nuxt']` in nuxt.config (its " +
  'options under `toolreg: { … }`), and remove toolRegistry() from `vite.plugins`.'

/** Throws when `config` is Nuxt's: call it from a Vite plugin that our Nuxt module did not add. */
export function refuseNuxtWithoutModule(config: ViteConfigLike): void {
  if (isNuxtViteConfig(config)) throw new Error(NUXT_VITE_ONLY_MESSAGE)
}

const EMULATED_VITE_MESSAGE =
  'toolreg: @toolreg/plugin/vite is running in a host that emulates Vite plugins without Vite ' +
  "(no resolved environments: Farm's `vitePlugins`, for one). Use that bundler's own entry " +
  "instead: `plugins: [toolRegistry()]` with toolRegistry from '@toolreg/plugin/farm' (or " +
  "'/rollup', '/rolldown', '/webpack', '/rspack', '/esbuild', '/bun'); see the plugin's README, \"Bundlers\"."

/** Throws when `config` is not a resolved Vite config (Vite 7 or 8) but another host's imitation. */
export function refuseEmulatedVite(config: ViteConfigLike): void {
  // `in`, not a read: Farm's config object throws its own error on reading a key it lacks.
  if (!('environments' in config)) throw new Error(EMULATED_VITE_MESSAGE)
}
