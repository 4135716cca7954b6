// Types of the CommonJS entry of `@toolreg/plugin/rolldown` (see callable.d.cts).
import type { Plugin } from 'rolldown'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<Plugin>
export = toolRegistry
