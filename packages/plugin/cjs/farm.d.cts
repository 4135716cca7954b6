// Types of the CommonJS entry of `@toolreg/plugin/farm` (see callable.d.cts).
import type { JsPlugin } from '@farmfe/core'
import type { CommonJsEntry } from './callable.cjs'

declare const toolRegistry: CommonJsEntry<JsPlugin>
export = toolRegistry
