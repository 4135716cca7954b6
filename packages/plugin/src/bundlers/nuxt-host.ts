// The Vite plugin inside Nuxt (packages/plugin/README.md, "Nuxt"): Nuxt's `vite.plugins`
// reach only the Vue app's Vite builds, never Nitro's server bundler, so a server route
// importing `virtual:tool-registry` would build with an "unresolved import" warning and fail
// at run time. `@toolreg/plugin/vite` placed there by hand is therefore a build error naming
// the module, which gives both bundlers the plugin (./nuxt.ts).

/** The part of Vite's resolved config read here. */
interface ViteConfigLike {
  plugins: readonly { name: string }[]
}

/** Nuxt's Vite config: Nuxt's own plugins are named `nuxt:…`. */
function isNuxtViteConfig(config: ViteConfigLike): boolean {
  return config.plugins.some(plugin => plugin.name.startsWith('nuxt:'))
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
