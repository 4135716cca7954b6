// The QuickJS executor against the real quickjs-emscripten module (packages/core/README.md, "Code mode").
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten'
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { CodeExecutor } from '../src/code-mode/executor.ts'
import { quickJsExecutor } from '../src/code-mode/quickjs.ts'
import type { QuickJsModuleLike } from '../src/code-mode/quickjs-types.ts'
import { fakeHost, limits, onlyJsonStrings } from './code-mode-host.ts'

let executor: CodeExecutor
beforeAll(async () => {
  const module = await newQuickJSWASMModule(RELEASE_SYNC)
  expectTypeOf(module).toExtend<QuickJsModuleLike>()
  const structural: QuickJsModuleLike = module // the real module is assignable to the structural type
  executor = quickJsExecutor(structural)
})

const ok = (json: string | undefined) => expect.objectContaining({ ok: true, json })
const failed = (error: RegExp) => expect.objectContaining({ ok: false, error: expect.stringMatching(error) })

describe('quickJsExecutor: values and tool calls', () => {
  it('returns the JSON of the value, undefined when nothing is returned', async () => {
    const host = fakeHost()
    expect(await executor.run('return { a: [1, "x", null] }', host, limits())).toEqual(ok('{"a":[1,"x",null]}'))
    expect(await executor.run('const x = 1', host, limits())).toEqual(ok(undefined))
    expect(await executor.run('return 6 * 7', host, limits())).toEqual({ ok: true, json: '42', console: '' })
  })

  it('awaits sequential and parallel tool calls', async () => {
    const host = fakeHost({ 'math.add': a => (a as { x: number; y: number }).x + (a as { y: number }).y })
    const seq = 'const a = await tools.math.add({ x: 1, y: 2 }); return await tools.math.add({ x: a, y: 10 })'
    expect(await executor.run(seq, host, limits())).toEqual(ok('13'))
    const par = 'return await Promise.all([1, 2, 3].map(x => tools.math.add({ x, y: x })))'
    expect(await executor.run(par, host, limits())).toEqual(ok('[2,4,6]'))
    expect(host.calls.map(c => c.args)).toEqual([
      ['math_add', '{"x":1,"y":2}'],
      ['math_add', '{"x":3,"y":10}'],
      ['math_add', '{"x":1,"y":1}'],
      ['math_add', '{"x":2,"y":2}'],
      ['math_add', '{"x":3,"y":3}'],
    ])
    expect(onlyJsonStrings(host)).toBe(true)
  })

  it('a host error becomes a catchable Error; uncaught, it fails the run', async () => {
    const host = fakeHost({
      'a.b': () => {
        throw new Error('nope')
      },
    })
    const caught = 'try { await tools.a.b({}) } catch (e) { return [e instanceof Error, e.message] }'
    expect(await executor.run(caught, host, limits())).toEqual(ok('[true,"nope"]'))
    expect(await executor.run('await tools.a.b({})', host, limits())).toEqual(failed(/^Error: nope/))
  })

  it('captures console output, formatted inside the sandbox, and cuts it at the limit', async () => {
    const code = 'console.log("a", 1, { b: [2] }); console.warn("w"); console.error(new Error("e").message); return 1'
    const r = await executor.run(code, fakeHost(), limits())
    expect(r).toEqual({ ok: true, json: '1', console: 'a 1 {"b":[2]}\n[warn] w\n[error] e\n' })
    const flood = await executor.run(
      'for (let i = 0; i < 1000; i++) console.log("line " + i)',
      fakeHost(),
      limits({ maxConsoleChars: 50 }),
    )
    expect(flood.ok).toBe(true)
    expect(flood.console).toMatch(
      /^line 0\nline 1\n[\s\S]*\[console output cut at 50 characters \(maxConsoleChars\)\]\n$/,
    )
    expect(flood.console.length).toBeLessThan(120)
  })

  it('a syntax error is a failed run, never a throw', async () => {
    expect(await executor.run('return 1 +', fakeHost(), limits())).toEqual(failed(/^SyntaxError: /))
    expect(await executor.run('await = 3 }{', fakeHost(), limits())).toEqual(failed(/^SyntaxError: /))
  })

  it('calls without arguments send {}; undefined-ish arguments are rejected in the sandbox', async () => {
    const host = fakeHost({ 'a.b': a => a })
    expect(await executor.run('return await tools.a.b()', host, limits())).toEqual(ok('{}'))
    expect(await executor.run('return await tools.a.b(() => 1)', host, limits())).toEqual(
      failed(/TypeError: tools\.a\.b: the arguments are not JSON/),
    )
    expect(host.calls).toHaveLength(1)
  })
})

describe('quickJsExecutor: limits', () => {
  it('an infinite loop ends by the time limit', async () => {
    const started = Date.now()
    expect(await executor.run('while (true) {}', fakeHost(), limits({ timeMs: 200 }))).toEqual(
      failed(/time limit exceeded.*timeMs/),
    )
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('time spent awaiting a slow tool counts', async () => {
    const host = fakeHost({ 'a.slow': () => new Promise(resolve => setTimeout(resolve, 5000)) })
    const started = Date.now()
    expect(await executor.run('return await tools.a.slow({})', host, limits({ timeMs: 150 }))).toEqual(
      failed(/time limit exceeded/),
    )
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('tool calls past maxToolCalls reject in the sandbox; no further host call', async () => {
    const host = fakeHost({ 'a.b': () => 1 })
    expect(await executor.run('for (;;) await tools.a.b({})', host, limits({ maxToolCalls: 3 }))).toEqual(
      failed(/^Error: tool call limit exceeded: more than 3 calls \(maxToolCalls\)/),
    )
    expect(host.calls).toHaveLength(3)
    const caught = 'let n = 0; for (let i = 0; i < 10; i++) { try { await tools.a.b({}); n++ } catch (e) {} } return n'
    expect(await executor.run(caught, host, limits({ maxToolCalls: 4 }))).toEqual(ok('4'))
    expect(host.calls).toHaveLength(7)
  })

  it('deep recursion is an error, not a crash, and the module stays usable', async () => {
    const code = 'function f(n) { return f(n + 1) + 1 } return f(0)'
    expect(await executor.run(code, fakeHost(), limits({ stackBytes: 64 * 1024 }))).toEqual(
      failed(/^stack limit exceeded \(stackBytes: 65536\)/),
    )
    expect(await executor.run(code, fakeHost(), limits({ stackBytes: 64 * 1024 * 1024 }))).toEqual(
      failed(/^stack limit exceeded/),
    )
    expect(await executor.run('return 1', fakeHost(), limits())).toEqual(ok('1'))
  })

  it('huge allocations end by the memory limit', async () => {
    const l = limits({ memoryBytes: 8 * 1024 * 1024 })
    expect(await executor.run("return 'x'.repeat(1e9).length", fakeHost(), l)).toEqual(
      failed(/^memory limit exceeded \(memoryBytes: 8388608\)/),
    )
    expect(await executor.run('const a = []; for (;;) a.push({ a: [1, 2, 3] })', fakeHost(), l)).toEqual(
      failed(/^memory limit exceeded/),
    )
    expect(await executor.run('return 2', fakeHost(), l)).toEqual(ok('2'))
  })

  it('a returned value over maxOutputChars fails, naming the limit', async () => {
    const r = await executor.run("return 'y'.repeat(5000)", fakeHost(), limits({ maxOutputChars: 1000 }))
    expect(r).toEqual(
      failed(/^output limit exceeded: the returned JSON is 5002 characters, over 1000 \(maxOutputChars\)/),
    )
  })

  it('promise floods end by time or memory', async () => {
    const l = limits({ timeMs: 300, memoryBytes: 16 * 1024 * 1024 })
    expect(await executor.run('for (;;) Promise.resolve()', fakeHost(), l)).toEqual(failed(/time limit|memory limit/))
    expect(await executor.run('for (;;) new Promise(() => {})', fakeHost(), l)).toEqual(
      failed(/time limit|memory limit/),
    )
    expect(await executor.run('const ps = []; for (;;) ps.push(new Promise(() => {}))', fakeHost(), l)).toEqual(
      failed(/time limit|memory limit/),
    )
    expect(
      await executor.run('async function f() { await null; f(); f() } f(); await new Promise(() => {})', fakeHost(), l),
    ).toEqual(failed(/time limit|memory limit/))
    expect(await executor.run('return "still usable"', fakeHost(), limits())).toEqual(ok('"still usable"'))
  })

  it('returning while async work is still pending is fine', async () => {
    const code = 'async function f(n) { await null; if (n < 10) { f(n + 1); f(n + 1) } } f(0); return 1'
    expect(await executor.run(code, fakeHost(), limits())).toEqual(ok('1'))
    expect(await executor.run('return 2', fakeHost(), limits())).toEqual(ok('2'))
  })

  it('awaiting a promise that never settles ends at once', async () => {
    expect(await executor.run('await new Promise(() => {})', fakeHost(), limits())).toEqual(failed(/never settles/))
  })
})
