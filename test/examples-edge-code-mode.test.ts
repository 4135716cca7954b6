// Code mode in the edge example (packages/core/README.md, "Code mode"): the built Worker in
// workerd runs the model's program in QuickJS (WebAssembly, loaded as a module of its own),
// every tool call through the registry's dispatch; hostile programs end as errors and the
// isolate goes on serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transcript } from '@toolreg/example-agent-kit'
import type { ToolDefinition } from '@toolreg/core'
import { buildEdgeAgent, EDGE_MODULES } from '../scripts/lib/edge-build.mjs'
import { tempDir } from './helpers/examples-env.ts'
import { getJson, postJson, startWorkerd, type WorkerdServer } from './helpers/workerd.ts'

let outDir: Awaited<ReturnType<typeof tempDir>>
let server: WorkerdServer

beforeAll(async () => {
  outDir = await tempDir('edge-code-mode')
  const bundle = await buildEdgeAgent({ outDir: outDir.path, logLevel: 'silent' })
  server = await startWorkerd({ bundle, chunks: EDGE_MODULES })
})

afterAll(async () => {
  await server?.stop()
  await outDir?.remove()
})

/** The one `run_code` call of a scripted chat: its arguments and its parsed result. */
async function runCode(code: string): Promise<{ result: Record<string, unknown>; transcript: Transcript }> {
  const reply = await postJson<Transcript>(`${server.url}/chat`, {
    messages: [{ role: 'user', content: `run code \`${code}\`` }],
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const calls = reply.body.toolCalls.filter(call => call.name === 'run_code')
  expect(calls, JSON.stringify(reply.body.toolCalls)).toHaveLength(1)
  expect(calls[0].arguments).toEqual({ code })
  return { result: JSON.parse(calls[0].result), transcript: reply.body }
}

describe('code mode in workerd', () => {
  it('offers run_code, its description declaring the pure toolsets with typed results', async () => {
    const { body } = await getJson<ToolDefinition[]>(`${server.url}/tools`)
    const runCodeTool = body.find(tool => tool.function.name === 'run_code')
    const text = runCodeTool?.function.description ?? ''
    expect(text).toContain('declare const tools: {')
    expect(text).toMatch(/math: \{[\s\S]*calculate\(args: \{[\s\S]*\}\): Promise<\{[\s\S]*result: number/)
    expect(text).toMatch(/text: \{[\s\S]*text_stats\(/)
    // The store and the network are not in its API.
    for (const absent of ['kv_get', 'kv_set', 'fetch_json', 'store:', 'web:']) expect(text).not.toContain(absent)
  })

  it('runs a program that calls tools in sequence and in parallel, each call a dispatch', async () => {
    const code =
      'const a = await tools.math.calculate({ expression: "2^10" }); ' +
      'const [b, c] = await Promise.all([tools.math.convert_units({ value: a.result, from: "m", to: "km" }), ' +
      'tools.text.text_stats({ text: "a b c d" })]); console.log("km", JSON.parse(b).result); ' +
      'return { pow: a.result, words: c.words }'
    const { result, transcript } = await runCode(code)
    expect(result).toEqual({ result: { pow: 1024, words: 4 }, console: 'km 1.024\n' })
    expect(transcript.answer).toContain('The code returned {"pow":1024,"words":4} and printed "km 1.024\\n".')
  })

  it('a tool the code may not call, and arguments the schema refuses, are errors the code sees', async () => {
    const code =
      'const out = []; for (const f of [() => tools.store.kv_get({ key: "k" }), ' +
      '() => tools.math.calculate({ expression: 7 })]) { try { out.push(await f()) } catch (e) { out.push(String(e.message ?? e)) } } ' +
      'return out'
    const { result } = await runCode(code)
    const [store, calc] = (result as { result: string[] }).result
    expect(store).toMatch(/undefined|not a function|cannot read/i)
    expect(calc).toMatch(/expression/)
  })

  it('hostile programs end as [CODE_ERROR] answers and the Worker keeps serving', async () => {
    const hostile: [string, RegExp][] = [
      ['while (true) {}', /time limit exceeded/],
      ['for (;;) new Promise(() => {})', /time limit exceeded|memory limit exceeded/],
      ['return this.constructor.constructor("return fetch")()', /^\[CODE_ERROR\] ReferenceError: .*fetch/],
      ['function f() { return f() + 1 } return f()', /stack limit exceeded/],
      ['return "x".repeat(1e9)', /memory limit exceeded/],
      ['for (;;) await tools.math.calculate({ expression: "1" })', /tool call limit exceeded/],
    ]
    for (const [code, error] of hostile) {
      const { result } = await runCode(code)
      expect((result as { error?: string }).error, code).toMatch(error)
    }
    const { result } = await runCode('return (await tools.math.calculate({ expression: "6*7" })).result')
    expect(result).toEqual({ result: 42, console: '' })
  })
})
