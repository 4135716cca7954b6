// Types of the CommonJS entry of `@toolreg/plugin/webpack` (see callable.d.cts).
import type { WebpackPluginInstance } from 'webpack'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<WebpackPluginInstance>
export = toolRegistry
