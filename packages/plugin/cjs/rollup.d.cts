// Types of the CommonJS entry of `@toolreg/plugin/rollup` (see rollup.cjs).
import type { Plugin } from 'rollup'
import type { ToolRegistryOptions } from '../dist/types.js'

declare function toolRegistry(options?: ToolRegistryOptions): Plugin
declare namespace toolRegistry {
  const _default: typeof toolRegistry
  export { _default as default }
}
export = toolRegistry
