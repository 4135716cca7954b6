// Types of the CommonJS entry of `@toolreg/plugin/vite` (see callable.d.cts).
import type { Plugin } from 'vite'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<Plugin[]>
export = toolRegistry
