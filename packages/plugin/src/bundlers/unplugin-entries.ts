// `@toolreg/plugin/webpack`, `/rspack` and `/esbuild`: unplugin's adapters, each typed with
// its bundler's own plugin type, so the declarations never reach into unplugin's (which
// import every bundler it supports). unplugin creates a plugin only when the bundler applies
// it: the options are checked here, so a bad one throws in the user's config.
import type { Plugin as EsbuildPlugin } from 'esbuild'
import type { RspackPluginInstance } from '@rspack/core'
import type { WebpackPluginInstance } from 'webpack'
import { resolveOptions } from '../options/options.js'
import type { ToolRegistryOptions } from '../types.js'
import { toolRegistry } from './unplugin.js'

export function webpackPlugin(options?: ToolRegistryOptions): WebpackPluginInstance {
  resolveOptions(options)
  return toolRegistry.webpack(options)
}

export function rspackPlugin(options?: ToolRegistryOptions): RspackPluginInstance {
  resolveOptions(options)
  return toolRegistry.rspack(options)
}

export function esbuildPlugin(options?: ToolRegistryOptions): EsbuildPlugin {
  resolveOptions(options)
  return toolRegistry.esbuild(options)
}
