// `@toolreg/plugin/esbuild`. Typed with esbuild's own plugin type, so the declarations
// never reach into unplugin's (which import every bundler it supports).
import type { Plugin } from 'esbuild'
import type { ToolRegistryOptions } from './core/types.js'
import { toolRegistry } from './unplugin.js'

const esbuildPlugin: (options?: ToolRegistryOptions) => Plugin = toolRegistry.esbuild
export default esbuildPlugin
