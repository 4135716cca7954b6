// Types of the CommonJS entry of `@toolreg/plugin/vite` (see vite.cjs).
import type { Plugin } from 'vite'
import type { ToolRegistryOptions } from '../dist/types.js'

declare function toolRegistry(options?: ToolRegistryOptions): Plugin[]
declare namespace toolRegistry {
  const _default: typeof toolRegistry
  export { _default as default }
}
export = toolRegistry
