// `@toolreg/plugin/rspack`. Typed with Rspack's own plugin type, so the declarations
// never reach into unplugin's (which import every bundler it supports).
import type { RspackPluginInstance } from '@rspack/core'
import type { ToolRegistryOptions } from './core/types.js'
import { toolRegistry } from './unplugin.js'

const rspackPlugin: (options?: ToolRegistryOptions) => RspackPluginInstance = toolRegistry.rspack
export default rspackPlugin
