// Types of the CommonJS entry of `@toolreg/plugin/webpack` (see webpack.cjs).
import type { WebpackPluginInstance } from 'webpack'
import type { ToolRegistryOptions } from '../dist/types.js'

declare function toolRegistry(options?: ToolRegistryOptions): WebpackPluginInstance
declare namespace toolRegistry {
  const _default: typeof toolRegistry
  export { _default as default }
}
export = toolRegistry
