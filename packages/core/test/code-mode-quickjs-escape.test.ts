// Escape attempts and generated programs against the QuickJS executor (packages/core/README.md, "Code mode").
import fc from 'fast-check'
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CodeExecutor, CodeRunResult } from '../src/code-mode/executor.ts'
import { quickJsExecutor } from '../src/code-mode/quickjs.ts'
import { type FakeHost, fakeHost, limits, onlyJsonStrings } from './code-mode-host.ts'

let executor: CodeExecutor
beforeAll(async () => {
  executor = quickJsExecutor(await newQuickJSWASMModule(RELEASE_SYNC))
})

const echoHost = () => fakeHost({ 'a.b': args => args, 'a.c': () => 'c' })
const HOST_WORDS = [
  'process',
  'require',
  'node:',
  'Buffer',
  '/work/',
  'quickjs.ts',
  'vitest',
  'WebAssembly',
  'setTimeout',
  'fetch',
]

/** Runs `code`; asserts the host saw only JSON strings and nothing of the host shows in the result. */
async function attempt(code: string, host: FakeHost = echoHost()): Promise<CodeRunResult> {
  const r = await executor.run(code, host, limits({ timeMs: 1000 }))
  expect(onlyJsonStrings(host)).toBe(true)
  const text = r.ok ? (r.json ?? '') : r.error
  for (const word of ['node:', 'Buffer', '/work/', 'quickjs.ts', 'vitest', 'v8']) expect(text).not.toContain(word)
  return r
}

describe('quickJsExecutor: escape attempts', () => {
  it('escape: this.constructor.constructor("return process")() is a ReferenceError', async () => {
    expect(await attempt('return this.constructor.constructor("return process")()')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^ReferenceError: .*process/),
    })
  })

  it('escape: Function("return globalThis")() is the sandbox global, without host objects', async () => {
    const code = `const g = Function('return globalThis')(); return ${JSON.stringify(HOST_WORDS)}.filter(k => k in g || typeof g[k] !== 'undefined')`
    expect(await attempt(code)).toMatchObject({ ok: true, json: '[]' })
    const names = await attempt(
      'return Object.getOwnPropertyNames(globalThis).filter(n => /process|require|fetch|Timeout|Immediate|WebAssembly|queueMicrotask|Deno|Bun/.test(n))',
    )
    expect(names).toMatchObject({ ok: true, json: '[]' })
  })

  it('escape: prototype walks from tools, a tool function and the promise a call returns reach sandbox objects only', async () => {
    const code = `const p = tools.a.b({}); await p
      const F = tools.a.b.constructor.constructor, P = p.constructor.constructor
      return [Object.getPrototypeOf(tools), tools.constructor, F === Function, P === Function,
        F('return typeof process + typeof require')(), Object.getPrototypeOf(Object.getPrototypeOf(p)) === Object.prototype,
        Object.getPrototypeOf(tools.a.b) === Function.prototype]`
    expect(await attempt(code)).toMatchObject({
      ok: true,
      json: '[null,null,true,true,"undefinedundefined",true,true]',
    })
  })

  it('escape: Object.getPrototypeOf chains end at the sandbox Object.prototype', async () => {
    const code = `const seen = []; for (const start of [tools, tools.a, tools.a.b, console, console.log, tools.a.b({})]) {
      let o = start, n = 0; while (o !== null && n++ < 10) { o = Object.getPrototypeOf(o) } seen.push(n) } return seen`
    expect(await attempt(code)).toMatchObject({ ok: true, json: '[1,1,3,1,3,3]' })
  })

  it('escape: import("fs") and require fail', async () => {
    expect((await attempt('return await import("fs")')).ok).toBe(false)
    expect(await attempt('return require("fs")')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^ReferenceError: .*require/),
    })
  })

  it('escape: overriding JSON, Promise and Error before a tool call; the host still gets a plain string', async () => {
    const host = echoHost()
    const code = `JSON.stringify = () => ({ evil: true }); JSON.parse = () => 'forged'
      Promise = function () { throw 1 }; Error = function () { return { stack: 'x' } }
      Object.prototype.toJSON = undefined; String.prototype.toString = () => 'evil'
      const r = await tools.a.b({ x: 1 }); return r`
    expect(await attempt(code, host)).toMatchObject({ ok: true, json: '{"x":1}' })
    expect(host.calls.map(c => c.args)).toEqual([['a_b', '{"x":1}']])
  })

  it('escape: a toJSON that returns a function or a getter that throws never reaches the host', async () => {
    const host = echoHost()
    const r1 = await attempt('return await tools.a.b({ toJSON: () => () => 1 })', host)
    expect(r1).toMatchObject({
      ok: false,
      error: expect.stringMatching(/TypeError: tools\.a\.b: the arguments are not JSON/),
    })
    const r2 = await attempt('return await tools.a.b({ get x() { throw new Error("getter") } })', host)
    expect(r2).toMatchObject({ ok: false, error: expect.stringMatching(/^Error: getter/) })
    expect(host.calls).toHaveLength(0)
  })

  it('escape: throwing non-Error values ends as text', async () => {
    expect(await attempt('throw 42')).toMatchObject({ ok: false, error: 'thrown: 42' })
    expect(await attempt('throw { a: 1 }')).toMatchObject({ ok: false, error: 'thrown: {"a":1}' })
    expect(await attempt('throw null')).toMatchObject({ ok: false, error: 'thrown: null' })
    expect(await attempt('throw Symbol("s")')).toMatchObject({ ok: false, error: 'thrown: Symbol(s)' })
    const hostile = 'throw new Proxy({}, { get() { throw 1 }, getPrototypeOf() { throw 1 } })'
    expect(await attempt(hostile)).toMatchObject({ ok: false, error: expect.stringMatching(/^thrown: /) })
  })

  it('escape: a cyclic return value or a throwing toJSON is a failed run', async () => {
    expect(await attempt('const o = {}; o.o = o; return o')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the returned value is not JSON: TypeError: circular/),
    })
    expect(await attempt('return { toJSON() { throw new Error("no") } }')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not JSON: Error: no/),
    })
    expect(await attempt('return 10n')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not JSON: TypeError/),
    })
  })

  it('escape: forged extra arguments to tool functions are dropped; the host sees two strings', async () => {
    const host = echoHost()
    const code = 'return await tools.a.b.call({ evil: 1 }, { x: 1 }, () => 1, Symbol("s"), { valueOf() { throw 1 } })'
    expect(await attempt(code, host)).toMatchObject({ ok: true, json: '{"x":1}' })
    expect(host.calls.map(c => c.args)).toEqual([['a_b', '{"x":1}']])
  })

  it('escape: tools and console cannot be replaced by the code to intercept later calls', async () => {
    const code = `tools.a.b = () => 'forged'; tools.a = null; try { tools = {} } catch {}
      return [typeof Object.getOwnPropertyDescriptor(globalThis, 'tools').value.a.b, await tools.a.c({})]`
    expect(await attempt(code)).toMatchObject({ ok: true, json: '["function","c"]' })
  })
})

// Small programs composed from a grammar: arithmetic, strings, tool calls with random JSON, throws, bounded loops.
const json = fc.jsonValue({ maxDepth: 2 }).map(v => JSON.stringify(v))
const expr: fc.Arbitrary<string> = fc.letrec(tie => ({
  e: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.string({ maxLength: 8 }).map(s => JSON.stringify(s)),
    json.map(j => `(await tools.a.b(${j}))`),
    fc.constant('(await tools.a.c({}))'),
    fc
      .tuple(tie('e'), fc.constantFrom('+', '-', '*', '/', '%', '===', '&&', '||'), tie('e'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('e').map(a => `String(${a}).slice(0, 5).toUpperCase()`),
  ),
})).e
const statement = fc.oneof(
  expr.map(e => `x = ${e};`),
  expr.map(e => `console.log(${e});`),
  expr.map(e => `if (${e}) throw new Error('t');`),
  expr.map(e => `throw ${e};`),
  fc.tuple(fc.integer({ min: 0, max: 5 }), expr).map(([n, e]) => `for (let i = 0; i < ${n}; i++) { x = ${e}; }`),
  expr.map(e => `try { x = ${e}; } catch (err) { x = String(err); }`),
)
const program = fc
  .tuple(fc.array(statement, { maxLength: 6 }), expr)
  .map(([s, e]) => `let x = 0; ${s.join(' ')} return [x, ${e}]`)

describe('quickJsExecutor: generated programs', () => {
  it('always resolves a CodeRunResult; the host only sees JSON strings', async () => {
    await fc.assert(
      fc.asyncProperty(program, async code => {
        const host = echoHost()
        const r = await executor.run(code, host, limits({ timeMs: 1000, maxToolCalls: 20 }))
        expect(typeof r.ok).toBe('boolean')
        expect(typeof r.console).toBe('string')
        if (r.ok) expect(r.json === undefined || typeof r.json === 'string').toBe(true)
        else expect(typeof r.error).toBe('string')
        expect(onlyJsonStrings(host)).toBe(true)
      }),
      { seed: 33, numRuns: 100 },
    )
  })
})
