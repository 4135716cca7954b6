// `@toolreg/plugin/webpack`. Typed with webpack's own plugin type, so the declarations
// never reach into unplugin's (which import every bundler it supports).
import type { WebpackPluginInstance } from 'webpack'
import type { ToolRegistryOptions } from './core/types.js'
import { toolRegistry } from './unplugin.js'

const webpackPlugin: (options?: ToolRegistryOptions) => WebpackPluginInstance = toolRegistry.webpack
export default webpackPlugin
