// `@toolreg/plugin/rollup`: the shared hooks.
import type { Plugin } from 'rollup'
import { createToolRegistryContext } from './context.js'
import type { ToolRegistryOptions } from '../types.js'
import { rollupLikeHooks } from './rollup-like/hooks.js'

export default function toolRegistry(options?: ToolRegistryOptions): Plugin {
  return rollupLikeHooks(createToolRegistryContext(options))
}
