// The tool layer agents expect (README "Approval, limits, progress and structured output"):
// approval, limits, progress, structured output, examples and hooks, through `dispatch`, on
// every registry (nothing to install).
import {
  registerLazy,
  registerLazyTable,
  ToolRegistry,
  type LazyTable,
  isToolError,
  toAnthropicTools,
  toMcpCallToolResult,
  toMcpTools,
  type ToolCall,
  type ToolOutcome,
} from '@toolreg/core'
import { validator } from '@toolreg/core/validate'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { recordingLogger, setup as registryWith } from './helpers.js'

const setup = registryWith

const OBJ = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }
const parse = (r: unknown) => JSON.parse(r as string)
const tick = (ms = 0) => new Promise(r => setTimeout(r, ms))

describe('approval', () => {
  it('fails closed: needed and no ctx.approve → APPROVAL_REQUIRED, the handler never runs', async () => {
    const { registry } = setup()
    let calls = 0
    registry.register({ name: 'rm', toolset: 'fs', schema: {}, needsApproval: true, handler: () => (calls++, 'gone') })
    const r = await registry.dispatch('rm', {})
    expect(r).toBe('{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}')
    expect(isToolError(r)).toBe(true)
    expect(calls).toBe(0)
  })

  it('approve resolving false (or anything but true) → APPROVAL_DENIED; true runs the handler once', async () => {
    const { registry } = setup()
    let calls = 0
    registry.register({ name: 'rm', toolset: 'fs', schema: {}, needsApproval: true, handler: () => (calls++, 'gone') })
    const asked: unknown[] = []
    const denied = await registry.dispatch(
      'rm',
      { p: 1 },
      { approve: async q => (asked.push(q), false), toolCallId: 'c1' },
    )
    expect(parse(denied).error).toMatch(/^\[APPROVAL_DENIED\] Tool rm/)
    expect(isToolError(denied)).toBe(true)
    expect(await registry.dispatch('rm', {}, { approve: () => 'yes' as never })).toMatch(/APPROVAL_DENIED/)
    expect(calls).toBe(0)
    expect(asked).toEqual([{ name: 'rm', args: { p: 1 }, toolCallId: 'c1' }])
    expect(await registry.dispatch('rm', {}, { approve: () => true })).toBe('gone')
    expect(calls).toBe(1)
  })

  it('the function form gets the validated args (defaults applied) and ctx; false means no prompt', async () => {
    const { registry } = setup()
    const seen: unknown[] = []
    registry.register({
      name: 'pay',
      toolset: 'bank',
      schema: { parameters: z.object({ amount: z.number(), currency: z.string().default('EUR') }) },
      needsApproval: (args, ctx) => (seen.push([args, ctx.run]), args.amount > 100),
      handler: ({ amount, currency }) => `${amount} ${currency}`,
    })
    expect(await registry.dispatch('pay', { amount: 5 }, { run: 'u1' })).toBe('5 EUR')
    expect(await registry.dispatch('pay', { amount: 500 })).toMatch(/APPROVAL_REQUIRED/)
    expect(await registry.dispatch('pay', { amount: 'x' })).toMatch(/^\{"error":"Invalid arguments/) // validation first
    expect(seen).toEqual([
      [{ amount: 5, currency: 'EUR' }, 'u1'],
      [{ amount: 500, currency: 'EUR' }, undefined],
    ])
  })

  it('a throwing needsApproval fails closed too', async () => {
    const { registry } = setup()
    let calls = 0
    registry.register({
      name: 'x',
      toolset: 't',
      schema: {},
      needsApproval: () => {
        throw new Error('policy down')
      },
      handler: () => (calls++, 'ran'),
    })
    expect(await registry.dispatch('x', {}, { approve: () => true })).toMatch(/^\{"error":"\[TOOL_ERROR\].*policy down/)
    expect(calls).toBe(0)
  })
})

describe('limits', () => {
  it('timeoutMs aborts the handler signal and answers "timed out after <n> ms"', async () => {
    const { registry } = setup()
    let reason: unknown
    registry.register({
      name: 'slow',
      toolset: 't',
      schema: {},
      timeoutMs: 20,
      handler: (_, ctx) =>
        new Promise(resolve => {
          ctx.signal!.addEventListener('abort', () => ((reason = ctx.signal!.reason), resolve('late')))
        }),
    })
    const r = await registry.dispatch('slow', {})
    expect(r).toBe('{"error":"[TOOL_ERROR] Tool slow timed out after 20 ms"}')
    await tick()
    expect((reason as Error).name).toBe('TimeoutError')
  })

  it('a caller abort during a timed call is an abort, not a timeout; both signals reach the handler', async () => {
    const { registry } = setup()
    let seen: AbortSignal | undefined
    registry.register({
      name: 'slow',
      toolset: 't',
      schema: {},
      timeoutMs: 5000,
      handler: (_, ctx) => ((seen = ctx.signal), new Promise(() => {})),
    })
    const c = new AbortController()
    const p = registry.dispatch('slow', {}, { signal: c.signal })
    await tick()
    c.abort(new Error('user left'))
    expect(await p).toBe('{"error":"[TOOL_ERROR] Tool execution aborted: user left"}')
    expect(seen).not.toBe(c.signal)
    expect(seen!.aborted).toBe(true)
  })

  it('retry: thrown errors are retried up to attempts in all, each failed attempt logged; retryOn filters', async () => {
    const { registry, log } = setup()
    let calls = 0
    registry.register({
      name: 'flaky',
      toolset: 't',
      schema: {},
      retry: { attempts: 3, backoffMs: 1 },
      handler: () => {
        if (++calls < 3) throw new Error('503 #' + calls)
        return 'ok after ' + calls
      },
    })
    expect(await registry.dispatch('flaky', {})).toBe('ok after 3')
    expect(log.of('warn').map(c => c.text.replace(/^toolreg: |:[\s\S]*$/g, ''))).toEqual([
      "'flaky' attempt 1 of 3 failed, retrying",
      "'flaky' attempt 2 of 3 failed, retrying",
    ])
    let n = 0
    registry.register({
      name: 'picky',
      toolset: 't',
      schema: {},
      retry: { attempts: 5, retryOn: e => (e as Error).message != 'fatal' },
      handler: () => {
        throw new Error(++n == 1 ? 'transient' : 'fatal')
      },
    })
    expect(await registry.dispatch('picky', {})).toMatch(/fatal/)
    expect(n).toBe(2)
    let m = 0
    registry.register({
      name: 'always',
      toolset: 't',
      schema: {},
      retry: { attempts: 2 },
      handler: () => {
        throw new Error('nope ' + ++m)
      },
    })
    expect(await registry.dispatch('always', {})).toBe('{"error":"[TOOL_ERROR] Tool execution failed: Error: nope 2"}')
  })

  it('retry never repeats validation, approval, abort, timeout or a returned error', async () => {
    const { registry } = setup({ validator })
    const calls: Record<string, number> = {}
    const tool = (name: string, extra: object, handler: () => unknown) =>
      registry.register({
        name,
        toolset: 't',
        schema: { parameters: OBJ },
        retry: { attempts: 4 },
        ...extra,
        handler: () => ((calls[name] = (calls[name] ?? 0) + 1), handler()),
      })
    tool('v', {}, () => 'x')
    tool('a', { needsApproval: true }, () => 'x')
    tool('t', { timeoutMs: 10 }, () => new Promise(() => {}))
    tool('ab', {}, () => new Promise(() => {}))
    tool('e', {}, () => '{"error":"handled"}')
    expect(await registry.dispatch('v', { path: 1 })).toMatch(/Invalid arguments/)
    expect(await registry.dispatch('a', { path: 'p' })).toMatch(/APPROVAL_REQUIRED/)
    expect(await registry.dispatch('t', { path: 'p' })).toMatch(/timed out after 10 ms/)
    const c = new AbortController()
    const p = registry.dispatch('ab', { path: 'p' }, { signal: c.signal })
    await tick()
    c.abort('stop')
    expect(await p).toMatch(/aborted: stop/)
    expect(await registry.dispatch('e', { path: 'p' })).toBe('{"error":"handled"}')
    expect(calls).toEqual({ t: 1, ab: 1, e: 1 })
  })

  it('maxConcurrency: calls beyond it wait in FIFO order; a waiting call is abortable and gives its place up', async () => {
    const { registry } = setup()
    const order: string[] = []
    const gates: (() => void)[] = []
    let running = 0
    let peak = 0
    registry.register({
      name: 'db',
      toolset: 't',
      schema: {},
      maxConcurrency: 2,
      handler: async ({ id }) => {
        peak = Math.max(peak, ++running)
        order.push('start ' + id)
        await new Promise<void>(r => gates.push(r))
        running--
        return 'done ' + id
      },
    })
    const c = new AbortController()
    const calls = ['a', 'b', 'c', 'd', 'e'].map(id =>
      registry.dispatch('db', { id }, id == 'd' ? { signal: c.signal } : {}),
    )
    await tick()
    expect(order).toEqual(['start a', 'start b'])
    c.abort('gave up')
    expect(await calls[3]).toMatch(/aborted: gave up/)
    while (order.length < 4) {
      gates.shift()!()
      await tick()
    }
    gates.splice(0).forEach(g => g())
    await tick()
    gates.splice(0).forEach(g => g())
    expect(await Promise.all([calls[0], calls[1], calls[2], calls[4]])).toEqual([
      'done a',
      'done b',
      'done c',
      'done e',
    ])
    expect(order).toEqual(['start a', 'start b', 'start c', 'start e'])
    expect(peak).toBe(2)
  })
})

describe('progress', () => {
  it('an async generator: every value but the last goes to onProgress in order, the last is the result', async () => {
    const { registry } = setup()
    registry.register({
      name: 'crawl',
      toolset: 't',
      schema: {},
      handler: async function* () {
        yield { done: 1 }
        yield { done: 2 }
        yield 'crawled 2 pages'
      },
    })
    const seen: unknown[] = []
    expect(await registry.dispatch('crawl', {}, { onProgress: v => seen.push(v) })).toBe('crawled 2 pages')
    expect(seen).toEqual([{ done: 1 }, { done: 2 }])
    expect(await registry.dispatch('crawl', {})).toBe('crawled 2 pages') // no listener: fine
  })

  it('an abort stops the iteration: no value after it is pulled, the generator finally runs', async () => {
    const { registry } = setup()
    const c = new AbortController()
    let pulled = 0
    let closed = false
    registry.register({
      name: 'stream',
      toolset: 't',
      schema: {},
      handler: async function* () {
        try {
          for (;;) {
            pulled++
            yield pulled
            await tick(5)
          }
        } finally {
          closed = true
        }
      },
    })
    const seen: unknown[] = []
    const p = registry.dispatch(
      'stream',
      {},
      {
        signal: c.signal,
        onProgress: v => {
          seen.push(v)
          if (v === 2) c.abort('enough')
        },
      },
    )
    expect(await p).toBe('{"error":"[TOOL_ERROR] Tool execution aborted: enough"}')
    await tick(20)
    expect(seen).toEqual([1, 2])
    expect(pulled).toBe(3)
    expect(closed).toBe(true)
  })

  it('a throwing onProgress is logged and the stream goes on', async () => {
    const { registry, log } = setup()
    registry.register({
      name: 's',
      toolset: 't',
      schema: {},
      handler: async function* () {
        yield 1
        yield 'end'
      },
    })
    const r = await registry.dispatch(
      's',
      {},
      {
        onProgress: () => {
          throw new Error('ui gone')
        },
      },
    )
    expect(r).toBe('end')
    expect(log.of('warn')[0]!.text).toMatch(/'s' onProgress failed/)
  })
})

describe('structured output', () => {
  const shape = { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] }

  it('a plain object is validated (JSON Schema through the registry validator) and returned as JSON text', async () => {
    const { registry } = setup({ validator })
    let out: unknown = { temp: 21 }
    registry.register({ name: 'w', toolset: 't', schema: {}, outputSchema: shape, handler: () => out })
    expect(await registry.dispatch('w', {})).toBe('{"temp":21}')
    out = { temp: 'hot' }
    const bad = await registry.dispatch('w', {})
    expect(parse(bad).error).toMatch(/^\[TOOL_ERROR\] invalid output of tool w: temp: /)
    out = 'plain text'
    expect(await registry.dispatch('w', {})).toBe('plain text')
    expect(registry.getEntry('w')!.outputSchema).toEqual(shape)
  })

  it('a Standard Schema output: its own validate, its output value; converted for outputSchema', async () => {
    const { registry } = setup()
    registry.register({
      name: 'w',
      toolset: 't',
      schema: {},
      outputSchema: z.object({ temp: z.number(), unit: z.string().default('C') }),
      handler: ({ t }) => ({ temp: t }),
    })
    expect(await registry.dispatch('w', { t: 3 })).toBe('{"temp":3,"unit":"C"}')
    expect(await registry.dispatch('w', { t: 'x' })).toMatch(/invalid output of tool w: temp: /)
    expect(registry.getEntry('w')!.outputSchema).toMatchObject({ type: 'object', required: ['temp'] })
    expect(registry.getEntry('w')!.outputSchema).not.toHaveProperty('$schema')
  })

  it('an outputSchema that is not an object schema is a TypeError at register', () => {
    const { registry } = setup()
    expect(() =>
      registry.register({ name: 'w', toolset: 't', schema: {}, outputSchema: { type: 'string' }, handler: () => '' }),
    ).toThrow(/outputSchema of tool 'w'/)
  })
})

describe('inputExamples', () => {
  it('are validated at register: a bad one is a TypeError naming the tool and the example', () => {
    const { registry } = setup({ validator })
    const zodTool = z.object({ q: z.string() })
    expect(() =>
      registry.register({
        name: 's',
        toolset: 't',
        schema: { parameters: zodTool },
        inputExamples: [{ q: 'a' }, { q: 1 }],
        handler: () => '',
      }),
    ).toThrow(/^toolreg: invalid inputExamples\[1\] of tool 's'/)
    expect(() =>
      registry.register({
        name: 'j',
        toolset: 't',
        schema: { parameters: OBJ },
        inputExamples: [{ path: 2 }],
        handler: () => '',
      }),
    ).toThrow(TypeError)
    expect(registry.has('s') || registry.has('j')).toBe(false)
    const e = registry.register({
      name: 'ok',
      toolset: 't',
      schema: { parameters: OBJ },
      inputExamples: [{ path: '/tmp' }],
      handler: () => '',
    })
    expect(e!.inputExamples).toEqual([{ path: '/tmp' }])
    expect(Object.isFrozen(e!.inputExamples![0])).toBe(true)
  })

  it('without a validator, a JSON Schema example still needs its required properties', () => {
    const { registry } = setup()
    expect(() =>
      registry.register({
        name: 'j',
        toolset: 't',
        schema: { parameters: OBJ },
        inputExamples: [{}],
        handler: () => '',
      }),
    ).toThrow(/inputExamples\[0\] of tool 'j': 'path' is required/)
  })
})

describe('field checks', () => {
  it.each([
    ['needsApproval', 'yes'],
    ['annotations', 'readOnly'],
    ['timeoutMs', 0],
    ['timeoutMs', Number.NaN],
    ['retry', { attempts: 0 }],
    ['retry', { attempts: 1.5 }],
    ['maxConcurrency', 0],
    ['inputExamples', ['x']],
  ])('%s = %j is a TypeError', (field, value) => {
    const { registry } = setup()
    expect(() => registry.register({ name: 'x', toolset: 't', schema: {}, handler: () => '', [field]: value })).toThrow(
      new RegExp(`invalid ${field} of tool 'x'`),
    )
  })
})

describe('hooks', () => {
  it('onToolStart and onToolEnd see every call with its outcome and attempts', async () => {
    const events: unknown[] = []
    let t = 0
    const { registry } = setup({
      now: () => (t += 5),
      hooks: {
        onToolStart: (call: ToolCall) => events.push(['start', call]),
        onToolEnd: (call: ToolCall, o: ToolOutcome) => events.push(['end', call.name, o]),
      },
    })
    let n = 0
    registry.register({
      name: 'f',
      toolset: 't',
      schema: {},
      retry: { attempts: 2 },
      handler: () => {
        if (++n == 1) throw new Error('once')
        return 'ok'
      },
    })
    registry.register({ name: 'g', toolset: 't', schema: {}, needsApproval: true, handler: () => 'never' })
    await registry.dispatch('f', { a: 1 }, { toolCallId: 'c9' })
    await registry.dispatch('g', {})
    expect(events).toEqual([
      ['start', { name: 'f', toolset: 't', toolCallId: 'c9', args: { a: 1 } }],
      ['end', 'f', { result: 'ok', isError: false, durationMs: 5, attempts: 2 }],
      ['start', { name: 'g', toolset: 't', toolCallId: undefined, args: {} }],
      [
        'end',
        'g',
        { result: '{"error":"[APPROVAL_REQUIRED] Tool g needs approval"}', isError: true, durationMs: 5, attempts: 0 },
      ],
    ])
  })

  it('a throwing hook is logged and never breaks the call', async () => {
    const boom = () => {
      throw new Error('exporter down')
    }
    const { registry, log } = setup({ hooks: { onToolStart: boom, onToolEnd: boom } })
    registry.register({ name: 'f', toolset: 't', schema: {}, handler: () => 'fine' })
    expect(await registry.dispatch('f', {})).toBe('fine')
    expect(log.of('warn').map(c => c.text.replace(/^toolreg: |:[\s\S]*$/g, ''))).toEqual([
      'hook onToolStart failed',
      'hook onToolEnd failed',
    ])
  })
})

describe('adapters carry what they can express', () => {
  it('toAnthropicTools sends inputExamples as input_examples; toMcpTools lists annotations and outputSchema, as copies', async () => {
    const { registry } = setup()
    registry.register({
      name: 'find',
      toolset: 't',
      schema: { parameters: OBJ },
      inputExamples: [{ path: '/a' }],
      annotations: { readOnlyHint: true },
      outputSchema: { type: 'object', properties: { hits: { type: 'number' } } },
      handler: () => ({ hits: 1 }),
    })
    registry.register({ name: 'plain', toolset: 't', schema: {}, handler: () => '' })
    const defs = await registry.getToolDefinitions()
    const [find, plain] = toAnthropicTools(defs, { registry })
    expect(find!.input_examples).toEqual([{ path: '/a' }])
    expect(plain).not.toHaveProperty('input_examples')
    find!.input_examples![0]!.path = 'changed' // a copy: the registry's stays
    expect(registry.getEntry('find')!.inputExamples).toEqual([{ path: '/a' }])
    const [mcp, mcpPlain] = toMcpTools(defs, { registry })
    expect(mcp).toMatchObject({ annotations: { readOnlyHint: true }, outputSchema: { type: 'object' } })
    expect(mcpPlain).not.toHaveProperty('annotations')
    expect(mcpPlain).not.toHaveProperty('outputSchema')
    const r = await registry.dispatch('find', {})
    expect(toMcpCallToolResult(r, registry.getEntry('find'))).toEqual({
      content: [{ type: 'text', text: '{"hits":1}' }],
      isError: false,
      structuredContent: { hits: 1 },
    })
    expect(toMcpCallToolResult(r)).not.toHaveProperty('structuredContent')
  })
})

describe('the tool layer is part of every registry', () => {
  const bare = () => new ToolRegistry({ logger: recordingLogger().logger })

  it.each([
    ['needsApproval', true],
    ['needsApproval', () => false],
    ['timeoutMs', 1000],
    ['retry', { attempts: 2 }],
    ['maxConcurrency', 1],
    ['outputSchema', { type: 'object' }],
    ['inputExamples', [{}]],
  ])('a spec with %s registers on a registry nobody configured', (field, value) => {
    const registry = bare()
    registry.register({ name: 'x', toolset: 't', schema: {}, handler: () => 'ran', [field]: value })
    expect(registry.has('x')).toBe(true)
  })

  it('approval is asked on a plain registry: fails closed, runs when approved', async () => {
    const registry = bare()
    registry.register({ name: 'rm', toolset: 'fs', schema: {}, needsApproval: true, handler: () => 'gone' })
    expect(parse(await registry.dispatch('rm', {})).error).toBe('[APPROVAL_REQUIRED] Tool rm needs approval')
    expect(await registry.dispatch('rm', {}, { approve: () => true })).toBe('gone')
  })

  it('configure({ hooks }) alone is taken', async () => {
    const registry = bare()
    const seen: string[] = []
    registry.configure({ hooks: { onToolStart: c => seen.push(c.name) } })
    registry.register({ name: 'x', toolset: 't', schema: {}, handler: () => 'ok' })
    expect(await registry.dispatch('x')).toBe('ok')
    expect(seen).toEqual(['x'])
  })

  it('a streaming handler streams on a plain registry', async () => {
    const registry = bare()
    registry.register({
      name: 'stream',
      toolset: 't',
      schema: {},
      async *handler() {
        yield 'step'
        yield 'done'
      },
    })
    const progress: unknown[] = []
    expect(await registry.dispatch('stream', {}, { onProgress: p => progress.push(p) })).toBe('done')
    expect(progress).toEqual(['step'])
  })

  it('configure({ toolLayer: {} }) (an option of older versions) changes nothing: dispatch still works (trust #22)', async () => {
    const registry = bare()
    registry.configure({ toolLayer: {} } as never)
    registry.register({ name: 'rm', toolset: 'fs', schema: {}, needsApproval: true, handler: () => 'gone' })
    expect(parse(await registry.dispatch('rm', {})).error).toBe('[APPROVAL_REQUIRED] Tool rm needs approval')
    expect(await registry.dispatch('rm', {}, { approve: () => true })).toBe('gone')
  })

  it('an invalid value of a tool-layer field is a TypeError naming the field', () => {
    const registry = bare()
    expect(() => registry.register({ name: 'x', toolset: 't', schema: {}, timeoutMs: -1, handler: () => '' })).toThrow(
      "invalid timeoutMs of tool 'x'",
    )
  })
})

describe('lazy tools', () => {
  /** A lazy `rm` whose module registers the real tool (with `needsApproval: true`); `loads` counts imports. */
  function lazyRm(registry: ToolRegistry, extra: { needsApproval?: boolean } = {}) {
    const state = { loads: 0, calls: 0 }
    registerLazy(registry, {
      name: 'rm',
      toolset: 'fs',
      schema: { description: 'Remove' },
      ...extra,
      load: async () => {
        state.loads++
        registry.register({
          name: 'rm',
          toolset: 'fs',
          schema: { description: 'Remove' },
          needsApproval: true,
          handler: () => (state.calls++, 'gone'),
        })
      },
    })
    return state
  }

  it('hooks fire once on a lazy tool’s first call, with the real handler’s attempts', async () => {
    const starts: ToolCall[] = []
    const ends: ToolOutcome[] = []
    const { registry } = setup({ hooks: { onToolStart: c => starts.push(c), onToolEnd: (_, o) => ends.push(o) } })
    registerLazy(registry, {
      name: 'ping',
      toolset: 't',
      schema: {},
      load: async () => registry.register({ name: 'ping', toolset: 't', schema: {}, handler: () => 'pong' }),
    })
    expect(await registry.dispatch('ping', {}, { toolCallId: 'c1' })).toBe('pong')
    expect(starts).toEqual([{ name: 'ping', toolset: 't', toolCallId: 'c1', args: {} }])
    expect(ends).toMatchObject([{ result: 'pong', isError: false, attempts: 1 }])
    expect(await registry.dispatch('ping', {})).toBe('pong')
    expect(starts).toHaveLength(2)
  })

  it('a lazy tool that needs approval fails closed before its module loads, and is asked once when approved', async () => {
    const { registry } = setup()
    const state = lazyRm(registry, { needsApproval: true })
    expect(registry.getEntry('rm')?.needsApproval).toBe(true)
    expect(await registry.dispatch('rm', {})).toBe('{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}')
    expect(await registry.dispatch('rm', {}, { approve: () => false })).toBe(
      '{"error":"[APPROVAL_DENIED] Tool rm was not approved"}',
    )
    expect(state.loads).toBe(0)
    const asked: string[] = []
    expect(await registry.dispatch('rm', {}, { approve: r => (asked.push(r.name), true) })).toBe('gone')
    expect(asked).toEqual(['rm'])
    expect(state).toEqual({ loads: 1, calls: 1 })
    // The real tool now: asked on each call, like any tool.
    expect(await registry.dispatch('rm', {})).toBe('{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}')
  })

  it('a placeholder without needsApproval still leaves the real tool’s approval to ask: never a bypass', async () => {
    const { registry } = setup()
    const state = lazyRm(registry)
    expect(await registry.dispatch('rm', {})).toBe('{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}')
    expect(state).toEqual({ loads: 1, calls: 0 })
  })

  it('the lazy table carries needsApproval and annotations: definitions and adapters see them before the module loads', async () => {
    const { registry } = setup()
    const loads: number[] = []
    const table: LazyTable = [
      'lazy`2',
      ['fs'],
      [],
      [],
      [1],
      ['rm'],
      [0],
      ['Remove'],
      [{ description: 'Remove', parameters: { type: 'object', properties: {} } }],
      [[0, { needsApproval: true, annotations: { destructiveHint: true } }]],
      [0],
      ['tools/', '.ts'],
      ['1:1'],
    ]
    registerLazyTable(registry, table, async m => void loads.push(m))
    expect(registry.getEntry('rm')).toMatchObject({ needsApproval: true, annotations: { destructiveHint: true } })
    expect(toMcpTools(await registry.getToolDefinitions(), { registry })[0]).toMatchObject({
      name: 'rm',
      annotations: { destructiveHint: true },
    })
    expect(await registry.dispatch('rm', {})).toBe('{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}')
    expect(loads).toEqual([])
  })
})
