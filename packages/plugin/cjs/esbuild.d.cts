// Types of the CommonJS entry of `@toolreg/plugin/esbuild` (see callable.d.cts).
import type { Plugin } from 'esbuild'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<Plugin>
export = toolRegistry
