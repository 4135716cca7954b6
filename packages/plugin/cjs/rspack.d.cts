// Types of the CommonJS entry of `@toolreg/plugin/rspack` (see rspack.cjs).
import type { RspackPluginInstance } from '@rspack/core'
import type { ToolRegistryOptions } from '../dist/types.js'

declare function toolRegistry(options?: ToolRegistryOptions): RspackPluginInstance
declare namespace toolRegistry {
  const _default: typeof toolRegistry
  export { _default as default }
}
export = toolRegistry
