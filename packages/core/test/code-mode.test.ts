// createCodeMode end to end in Node: the model's code in QuickJS (WebAssembly), every call it
// makes through dispatch — validation, approval, limits, call ids — and the type check first.
import { ToolRegistry } from '@toolreg/core'
import { createCodeMode, quickJsExecutor, typeScriptChecker } from '@toolreg/core/code-mode'
import { validator } from '@toolreg/core/validate'
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

let executor: ReturnType<typeof quickJsExecutor>
beforeAll(async () => {
  executor = quickJsExecutor(await newQuickJSWASMModule(RELEASE_SYNC))
})

function registry() {
  const r = new ToolRegistry({ validator })
  const seen: { name: string; id?: string; run?: unknown }[] = []
  r.register({
    name: 'weather',
    toolset: 'web',
    schema: {
      description: 'Forecast',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
    handler: async (args, ctx) => {
      seen.push({ name: 'weather', id: ctx.toolCallId, run: ctx.run })
      return { temp: String(args.city).length }
    },
  })
  r.register({
    name: 'refund',
    toolset: 'billing',
    schema: {
      description: 'Refund a payment',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
    needsApproval: true,
    handler: async args => {
      seen.push({ name: 'refund' })
      return `refunded ${String(args.id)}`
    },
  })
  return { r, seen }
}

const answer = (text: unknown) => JSON.parse(text as string)

describe('createCodeMode', () => {
  it('runs the code against the typed API; each call is a dispatch with the run context and its own id', async () => {
    const { r, seen } = registry()
    const mode = await createCodeMode(r, { executor })
    expect(mode.spec.schema.description).toContain(mode.declarations)
    const out = answer(
      await mode.run(
        'const [a, b] = await Promise.all([tools.web.weather({ city: "Oslo" }), tools.web.weather({ city: "Rome" })])\nconsole.log("sum", a.temp + b.temp)\nreturn a.temp * 10 + b.temp',
        { toolCallId: 'call_1', run: { user: 'u1' } },
      ),
    )
    expect(out).toEqual({ result: 44, console: expect.stringContaining('sum 8') })
    expect(seen.map(s => s.id).sort()).toEqual(['call_1/1', 'call_1/2'])
    expect(seen.every(s => (s.run as { user: string }).user === 'u1')).toBe(true)
  })

  it('asks ctx.approve per call: a denial is an error the code sees, and the handler never runs', async () => {
    const { r, seen } = registry()
    const mode = await createCodeMode(r, { executor })
    const asked: unknown[] = []
    const out = answer(
      await mode.run('try { await tools.billing.refund({ id: "p1" }) } catch (e) { return "denied: " + e.message }', {
        approve: req => (asked.push(req.args), false),
      }),
    )
    expect(out.result).toMatch(/^denied: .*APPROVAL_DENIED/)
    expect(asked).toEqual([{ id: 'p1' }])
    expect(seen).toEqual([])
  })

  it('validates the arguments the code passes, as a direct call would', async () => {
    const { r, seen } = registry()
    const mode = await createCodeMode(r, { executor })
    const out = answer(await mode.run('return await tools.web.weather({ city: 42 })'))
    expect(out.error).toMatch(/\[CODE_ERROR\].*Invalid arguments for tool weather/)
    expect(seen).toEqual([])
  })

  it('refuses tools outside its toolsets and itself, and calls past maxToolCalls', async () => {
    const { r } = registry()
    const mode = await createCodeMode(r, { executor, toolsets: ['web'], limits: { maxToolCalls: 2 } })
    r.register(mode.spec)
    expect(mode.declarations).not.toContain('refund')
    expect(answer(await mode.run('return typeof tools.billing')).result).toBe('undefined')
    const over = answer(await mode.run('for (;;) await tools.web.weather({ city: "x" })'))
    expect(over.error).toMatch(/more than 2 calls \(maxToolCalls\)/)
    const nested = answer(await r.dispatch('run_code', { code: 'return Object.keys(tools)' }))
    expect(nested.result).toEqual(['web'])
  })

  it('type-checks the code first when asked: errors by line go back, nothing runs', async () => {
    const { r, seen } = registry()
    const mode = await createCodeMode(r, { executor, typeCheck: typeScriptChecker(ts) })
    const bad = answer(await mode.run('const w = await tools.web.weather({ town: "Oslo" })\nreturn w.wind'))
    expect(bad.error_type).toBe('code_type')
    expect(bad.errors.join('\n')).toMatch(/line 1: .*town[\s\S]*line 2: .*wind/)
    expect(seen).toEqual([])
    expect(answer(await mode.run('const w = await tools.web.weather({ city: "Oslo" })\nreturn w.temp')).result).toBe(4)
  })
})
