// Hostile programs that once hung the QuickJS executor, kept as named regressions, and the
// executor's own failure path (packages/core/README.md, "Code mode").
import { newQuickJSWASMModule, type QuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CodeExecutor } from '../src/code-mode/executor.ts'
import { quickJsExecutor } from '../src/code-mode/quickjs.ts'
import type { QuickJsModuleLike, QuickJsRuntimeLike } from '../src/code-mode/quickjs-types.ts'
import { fakeHost, limits } from './code-mode-host.ts'

let module: QuickJSWASMModule
let executor: CodeExecutor
beforeAll(async () => {
  module = await newQuickJSWASMModule(RELEASE_SYNC)
  executor = quickJsExecutor(module)
})

// A memory limit far above what a loop fills in the time limit, so only the time limit can end it.
const roomy = limits({ timeMs: 100, memoryBytes: 512 * 1024 * 1024 })
// QuickJS turns an interrupt raised inside a Promise executor or an async function into a rejection:
// each of these caught every interrupt and ran forever before the executor stopped allocations.
const CATCHES_INTERRUPTS: Record<string, string> = {
  'promise executors in a loop': 'for (;;) new Promise(() => {})',
  'a busy promise executor, its throw caught': 'for (;;) { try { new Promise(() => { for (;;) {} }) } catch {} }',
  'busy async functions, rejections ignored': 'for (;;) (async () => { for (;;) {} })().catch(() => {})',
  'awaiting busy executors in try/catch': 'for (;;) { try { await new Promise(() => { for (;;) {} }) } catch {} }',
  'resolved promises in a loop': 'for (;;) Promise.resolve().then(() => {})',
  'async recursion in try/catch': 'async function f() { try { await f() } catch { await f() } } await f()',
}

describe('quickJsExecutor: interrupts the code could catch', () => {
  for (const [name, code] of Object.entries(CATCHES_INTERRUPTS)) {
    it(`regression: ${name} ends by the time limit`, async () => {
      const started = Date.now()
      const r = await executor.run(code, fakeHost(), roomy)
      expect(r).toMatchObject({
        ok: false,
        error: expect.stringMatching(/time limit exceeded|memory limit|stack limit/),
      })
      expect(Date.now() - started).toBeLessThan(3000)
      expect(await executor.run('return 1', fakeHost(), limits())).toMatchObject({ ok: true, json: '1' })
    })
  }

  it('many stopped runs free their runtimes: the WebAssembly memory stops growing', async () => {
    // Each run holds some megabytes, then loops until stopped: a runtime left unfreed keeps them.
    const code = 'globalThis.kept = Array.from({ length: 50000 }, (_, i) => ({ i })); for (;;) new Promise(() => {})'
    const run = () => executor.run(code, fakeHost(), limits({ timeMs: 80, memoryBytes: 512 * 1024 * 1024 }))
    for (let i = 0; i < 3; i++) await run()
    const before = module.getWasmMemory().buffer.byteLength
    for (let i = 0; i < 20; i++)
      expect(await run()).toMatchObject({ ok: false, error: expect.stringMatching(/^time limit/) })
    expect(module.getWasmMemory().buffer.byteLength).toBeLessThanOrEqual(before * 1.5)
  })
})

describe('quickJsExecutor: a runtime that cannot be freed', () => {
  // The real module, its runtimes' dispose made to throw (as a trap in the WebAssembly heap would).
  const failingFree = (real: QuickJSWASMModule): QuickJsModuleLike => ({
    newRuntime(): QuickJsRuntimeLike {
      const rt = real.newRuntime()
      return {
        setMemoryLimit: bytes => rt.setMemoryLimit(bytes),
        setMaxStackSize: bytes => rt.setMaxStackSize(bytes),
        setInterruptHandler: handler => rt.setInterruptHandler(handler),
        newContext: () => rt.newContext(),
        hasPendingJob: () => rt.hasPendingJob(),
        executePendingJobs: max => rt.executePendingJobs(max),
        dispose() {
          rt.dispose()
          throw new Error('RuntimeError: memory access out of bounds')
        },
      }
    },
  })

  it('the run keeps its outcome; every later run fails with the reason, and nothing runs', async () => {
    const broken = quickJsExecutor(failingFree(module))
    expect(await broken.run('return 1', fakeHost(), limits())).toMatchObject({ ok: true, json: '1' })
    const host = fakeHost({ 'a.b': () => 1 })
    expect(await broken.run('return await tools.a.b({})', host, limits())).toEqual({
      ok: false,
      error:
        'the QuickJS module is unusable (freeing a runtime failed: RuntimeError: memory access out of bounds): create a new executor',
      console: '',
    })
    expect(host.calls).toHaveLength(0)
  })

  it('a runtime that cannot be created is a failed run, not a throw', async () => {
    const none = quickJsExecutor({
      newRuntime() {
        throw new Error('out of WebAssembly memory')
      },
    })
    expect(await none.run('return 1', fakeHost(), limits())).toEqual({
      ok: false,
      error: 'the QuickJS executor failed: out of WebAssembly memory',
      console: '',
    })
  })
})
