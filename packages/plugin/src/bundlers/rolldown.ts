// `@toolreg/plugin/rolldown`: the shared hooks; the root defaults to Rolldown's `cwd`.
import type { Plugin } from 'rolldown'
import { createToolRegistryContext } from './context.js'
import type { ToolRegistryOptions } from '../types.js'
import { rollupLikeHooks } from './rollup-like/hooks.js'

export default function toolRegistry(options?: ToolRegistryOptions): Plugin {
  const ctx = createToolRegistryContext(options)
  const hooks = rollupLikeHooks(ctx)
  return {
    ...hooks,
    options(inputOptions) {
      if (inputOptions.cwd) ctx.setBundlerRoot(inputOptions.cwd)
      hooks.options(inputOptions)
    },
  }
}
