// Types of the CommonJS entry of `@toolreg/plugin/rolldown` (see rolldown.cjs).
import type { Plugin } from 'rolldown'
import type { ToolRegistryOptions } from '../dist/types.js'

declare function toolRegistry(options?: ToolRegistryOptions): Plugin
declare namespace toolRegistry {
  const _default: typeof toolRegistry
  export { _default as default }
}
export = toolRegistry
