// Types of the CommonJS entry of `@toolreg/plugin/bun` (see callable.d.cts).
import type { ToolRegistryBunPlugin } from '../dist/bundlers/bun.js'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<ToolRegistryBunPlugin>
export = toolRegistry
