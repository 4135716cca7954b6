// Code mode at the edge (core README, "Code mode"): the model may write one program against a
// typed API of the pure toolsets; it runs in QuickJS compiled to WebAssembly, every tool call
// through `dispatch`. workerd compiles no WebAssembly from bytes at run time, so the .wasm file
// is a module of its own (the build emits it beside worker.js) and arrives compiled; it is
// imported on the first request, so the Worker's module loads without it.
import type { ToolRegistry } from '@toolreg/core'
import { createCodeMode, quickJsExecutor } from '@toolreg/core/code-mode'
import releaseSync from '@jitl/quickjs-wasmfile-release-sync'
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from 'quickjs-emscripten-core'

/** The toolsets the code may call: the ones that need no binding or secret. */
export const CODE_TOOLSETS = ['math', 'clock', 'text']

// The package's types describe its CommonJS build; the bundle takes its ES build, whose default
// export is the variant itself.
const RELEASE_SYNC = releaseSync as unknown as QuickJSSyncVariant

let ready: Promise<void> | undefined

/** Registers `run_code` once, on the first request (instantiating the module takes a few ms). */
export function useCodeMode(registry: ToolRegistry): Promise<void> {
  ready ??= (async () => {
    const { default: wasmModule } = await import('./quickjs.wasm')
    const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }))
    const mode = await createCodeMode(registry, {
      executor: quickJsExecutor(quickjs),
      toolsets: CODE_TOOLSETS,
      limits: { timeMs: 2000, maxToolCalls: 20 },
    })
    registry.register(mode.spec)
  })().catch((error: unknown) => {
    ready = undefined // the next request tries again
    throw error
  })
  return ready
}
