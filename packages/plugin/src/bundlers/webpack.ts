// `@toolreg/plugin/webpack`. Typed with webpack's own plugin type, so the declarations
// never reach into unplugin's (which import every bundler it supports). One file per entry:
// a project that has only this bundler installed must type-check its declarations.
import type { WebpackPluginInstance } from 'webpack'
import type { ToolRegistryOptions } from '../types.js'
import { resolveOptions } from '../options/options.js'
import { toolRegistry } from './unplugin/factory.js'

export default function webpackPlugin(options?: ToolRegistryOptions): WebpackPluginInstance {
  // unplugin creates the plugin only when the bundler applies it: check the options now,
  // so a bad one throws in the user's config.
  resolveOptions(options)
  return toolRegistry.webpack(options)
}
