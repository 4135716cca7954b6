// Types of the CommonJS entry of `@toolreg/plugin/rsbuild` (see callable.d.cts).
import type { RsbuildPlugin } from '@rsbuild/core'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<RsbuildPlugin>
export = toolRegistry
