// Types of the CommonJS entry of `@toolreg/plugin/rollup` (see callable.d.cts).
import type { Plugin } from 'rollup'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<Plugin>
export = toolRegistry
