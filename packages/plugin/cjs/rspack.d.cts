// Types of the CommonJS entry of `@toolreg/plugin/rspack` (see callable.d.cts).
import type { RspackPluginInstance } from '@rspack/core'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<RspackPluginInstance>
export = toolRegistry
