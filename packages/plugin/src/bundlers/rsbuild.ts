// `@toolreg/plugin/rsbuild`: an Rsbuild plugin that hands each environment's Rspack compiler
// the Rspack plugin (./rspack.ts), so Rsbuild gets the same resolution, diagnostics, watch
// rebuilds and manifest placement as Rspack. Typed with Rsbuild's own plugin type, so the
// declarations never reach into unplugin's (which import every bundler it supports).
import type { RsbuildPlugin } from '@rsbuild/core'
import type { ToolRegistryOptions } from '../types.js'
import { PLUGIN_NAME } from './context.js'
import rspackPlugin from './rspack.js'

export default function rsbuildPlugin(options?: ToolRegistryOptions): RsbuildPlugin {
  // Checks the options now, so a bad one throws in the user's config.
  rspackPlugin(options)
  return {
    name: PLUGIN_NAME,
    setup(api) {
      // One plugin per environment: a web and a node environment are separate compilers.
      api.modifyRspackConfig((_config, { appendPlugins }) => appendPlugins(rspackPlugin(options)))
    },
  }
}
