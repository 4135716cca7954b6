// QuickJS compiled to WebAssembly, for code mode (core README, "Code mode"). Imported by the code
// worker only (src/code-worker.ts, spawned on the first run of `run_code`): this module,
// quickjs-emscripten's loader and the .wasm file are in the worker's bundle, so a page that never
// runs code fetches none of them.
import { quickJsExecutor, type CodeExecutor } from '@toolreg/core/code-mode'
// quickjs-emscripten's core and its release-sync variant, imported directly: `quickjs-emscripten`
// itself imports all four variants, and Vite would emit all four .wasm files (3.7 MB unused).
import releaseSync from '@jitl/quickjs-wasmfile-release-sync'
// The .wasm file as an asset URL of this build (quickjs-emscripten README, "WebAssembly loading").
import wasmLocation from '@jitl/quickjs-wasmfile-release-sync/wasm?url'
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from 'quickjs-emscripten-core'

// The variant's types are a CommonJS .d.ts (`export default`, no "type": "module"), which
// TypeScript under NodeNext reads as the namespace; Vite loads its ESM build, whose default is the variant.
const RELEASE_SYNC = releaseSync as unknown as QuickJSSyncVariant

/** Fetches and compiles the module (the worker's CSP, the page's own, allows this with 'wasm-unsafe-eval', see csp.ts). */
export async function loadQuickJsExecutor(): Promise<CodeExecutor> {
  const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmLocation }))
  return quickJsExecutor(quickjs)
}
