import { getEventListeners } from 'node:events'
import { ToolRegistry, toolError, toolResult } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { deferred, setup, spec } from './helpers.js'

const parse = (s: unknown) => JSON.parse(s as string) as Record<string, unknown>

describe('dispatch', () => {
  it('register then dispatch returns the handler’s string as is', async () => {
    const { registry } = setup()
    registry.register(spec('hello', 't', { handler: () => 'hi there' }))
    expect(await registry.dispatch('hello', {})).toBe('hi there')
  })

  it('an unknown tool gives the unknown-tool envelope', async () => {
    const { registry } = setup()
    expect(await registry.dispatch('nope', {})).toBe('{"error":"Unknown tool: nope"}')
    expect(parse(await registry.dispatch('we"ird', {}))).toEqual({ error: 'Unknown tool: we"ird' })
  })

  it('arguments reach the handler as an object or parsed from a JSON string; ctx is passed through', async () => {
    const { registry } = setup()
    const seen: unknown[] = []
    registry.register(spec('echo', 't', { handler: (args, ctx) => (seen.push([args, ctx]), 'ok') }))
    const args = { q: 'cats', n: 2 }
    const ctx = { env: { K: 'v' }, user: 'u1' }
    await registry.dispatch('echo', args, ctx)
    await registry.dispatch('echo', '{"q":"dogs","nested":{"deep":[1,2]}}')
    expect(seen[0]).toEqual([args, ctx])
    expect((seen[0] as unknown[])[0]).toBe(args)
    expect((seen[0] as unknown[])[1]).toBe(ctx)
    expect(seen[1]).toEqual([{ q: 'dogs', nested: { deep: [1, 2] } }, {}])
  })

  it('undefined, null and "" mean {}', async () => {
    const { registry } = setup()
    const seen: unknown[] = []
    registry.register(spec('echo', 't', { handler: args => (seen.push(args), 'ok') }))
    await registry.dispatch('echo')
    await registry.dispatch('echo', null)
    await registry.dispatch('echo', '')
    expect(seen).toEqual([{}, {}, {}])
  })

  it('unparseable JSON or JSON that is not an object: invalid-arguments envelope, the handler is not called', async () => {
    const { registry } = setup()
    let calls = 0
    registry.register(spec('t1', 't', { handler: () => (calls++, 'ok') }))
    for (const bad of ['{not json', '[1,2]', '42', '"str"', 'null', 'true']) {
      const out = parse(await registry.dispatch('t1', bad))
      expect(Object.keys(out)).toEqual(['error'])
      expect(out.error).toMatch(/^Invalid arguments for tool t1: .+/)
    }
    for (const bad of [[1], 42, true, new Map()]) {
      expect(parse(await registry.dispatch('t1', bad)).error).toMatch(/^Invalid arguments for tool t1: /)
    }
    expect(calls).toBe(0)
  })

  it('argument JSON with __proto__ keys pollutes nothing', async () => {
    const { registry } = setup()
    let got: Record<string, unknown> = {}
    registry.register(spec('t1', 't', { handler: args => ((got = args), 'ok') }))
    await registry.dispatch('t1', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"a":1}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype)
    expect(Object.hasOwn(got, '__proto__')).toBe(true)
    expect(got.a).toBe(1)
  })

  it('deeply nested and huge arguments are fine', { timeout: 30_000 }, async () => {
    const { registry } = setup()
    registry.register(spec('len', 't', { handler: args => String(JSON.stringify(args).length) }))
    const deep = '{"a":'.repeat(500) + '1' + '}'.repeat(500)
    expect(await registry.dispatch('len', deep)).toBe(String(deep.length))
    const huge = JSON.stringify({ blob: 'x'.repeat(5_000_000) })
    expect(await registry.dispatch('len', huge)).toBe(String(huge.length))
  })

  it('async handlers are awaited', async () => {
    const { registry } = setup()
    registry.register(spec('a', 't', { handler: async () => 'later', isAsync: true }))
    expect(await registry.dispatch('a', {})).toBe('later')
  })

  it('a multimodal result comes back as the same object', async () => {
    const { registry } = setup()
    const result = { _multimodal: true as const, content: [{ type: 'image', data: 'AAAA' }], extra: 1 }
    registry.register(spec('img', 't', { handler: async () => result }))
    expect(await registry.dispatch('img', {})).toBe(result)
  })

  const contract: [string, () => unknown, string][] = [
    ['{ok:true}', () => ({ ok: true }), 'object'],
    ['null', () => null, 'null'],
    ['undefined', () => undefined, 'undefined'],
    ['42', () => 42, 'number'],
    ['a Uint8Array', () => new Uint8Array([1, 2]), 'Uint8Array'],
    ['an array', () => ['a'], 'array'],
    ['a Map', () => new Map(), 'Map'],
    ['a boolean', () => false, 'boolean'],
    ['a function', () => () => 'x', 'function'],
    ['a bigint', () => 10n, 'bigint'],
    ['a multimodal object without a content array', () => ({ _multimodal: true, content: 'x' }), 'object'],
    ['a null-prototype object', () => Object.create(null), 'object'],
    [
      'a cyclic object',
      () => {
        const o: Record<string, unknown> = {}
        o.self = o
        return o
      },
      'object',
    ],
  ]
  for (const [label, value, type] of contract) {
    it(`${label} gives the tool_result_contract error with result_type ${type}`, async () => {
      const { registry, log } = setup()
      registry.register(spec('bad', 't', { handler: value }))
      const out = await registry.dispatch('bad', {})
      expect(out).toBe(
        `{"error":"Tool handler returned unsupported result type: ${type}","error_type":"tool_result_contract","tool":"bad","result_type":"${type}"}`,
      )
      expect(log.of('error')).toHaveLength(1)
      expect(log.of('error')[0].text).toContain(type)
    })
  }

  it('a thrown Error gives the sanitized [TOOL_ERROR] envelope, logged with its stack', async () => {
    const { registry, log } = setup()
    const err = new RangeError('disk <system>full</system> ```sh\nrm -rf```')
    registry.register(
      spec('boom', 't', {
        handler: () => {
          throw err
        },
      }),
    )
    const out = parse(await registry.dispatch('boom', {}))
    expect(out).toEqual({ error: '[TOOL_ERROR] Tool execution failed: RangeError: disk full \nrm -rf' })
    expect(log.of('error')).toHaveLength(1)
    expect(log.of('error')[0].args).toContain(err)
    expect(log.of('error')[0].text).toContain(err.stack!.split('\n')[1].trim())
  })

  it('a rejection is the same as a throw', async () => {
    const { registry } = setup()
    class QuotaError extends Error {}
    registry.register(spec('r', 't', { handler: async () => Promise.reject(new QuotaError('over quota')) }))
    expect(parse(await registry.dispatch('r', {})).error).toBe('[TOOL_ERROR] Tool execution failed: Error: over quota')
  })

  it('the error name falls back to the constructor name when name is empty', async () => {
    const { registry } = setup()
    class CustomError extends Error {
      override name = ''
    }
    registry.register(
      spec('c', 't', {
        handler: () => {
          throw new CustomError('m')
        },
      }),
    )
    expect(parse(await registry.dispatch('c', {})).error).toBe('[TOOL_ERROR] Tool execution failed: CustomError: m')
  })

  const nonErrors: [string, unknown, string][] = [
    ['a string', 'plain', 'string: plain'],
    ['a number', 7, 'number: 7'],
    ['undefined', undefined, 'undefined: undefined'],
    ['null', null, 'object: null'],
    ['an object', { code: 1 }, 'object: [object Object]'],
    ['a null-prototype object', Object.create(null), 'object: [object Object]'],
    ['a symbol', Symbol('s'), 'symbol: Symbol(s)'],
  ]
  for (const [label, thrown, text] of nonErrors) {
    it(`a thrown non-Error (${label}) uses its typeof and String(value)`, async () => {
      const { registry, log } = setup()
      registry.register(
        spec('n', 't', {
          handler: () => {
            throw thrown
          },
        }),
      )
      expect(parse(await registry.dispatch('n', {}))).toEqual({ error: `[TOOL_ERROR] Tool execution failed: ${text}` })
      expect(log.of('error')).toHaveLength(1)
    })
  }

  it('a tool error envelope is at most 2013 characters', async () => {
    const { registry } = setup()
    registry.register(
      spec('long', 't', {
        handler: () => {
          throw new Error('x'.repeat(50_000))
        },
      }),
    )
    const error = parse(await registry.dispatch('long', {})).error as string
    expect(error.length).toBe(2013)
    expect(error.startsWith('[TOOL_ERROR] Tool execution failed: Error: xxx')).toBe(true)
    expect(error.endsWith('x...')).toBe(true)
  })

  it('an already aborted signal: abort envelope, the handler is not called', async () => {
    const { registry } = setup()
    let calls = 0
    registry.register(spec('a', 't', { handler: () => (calls++, 'ran') }))
    const controller = new AbortController()
    controller.abort(new Error('user left'))
    expect(parse(await registry.dispatch('a', {}, { signal: controller.signal }))).toEqual({
      error: '[TOOL_ERROR] Tool execution aborted: user left',
    })
    expect(calls).toBe(0)
  })

  it('a signal aborting while the handler runs wins over a handler that never settles', async () => {
    const { registry } = setup()
    const started = deferred<void>()
    registry.register(spec('hang', 't', { handler: () => (started.resolve(), new Promise(() => {})) }))
    const controller = new AbortController()
    const pending = registry.dispatch('hang', {}, { signal: controller.signal })
    await started.promise
    controller.abort('timeout reached')
    expect(parse(await pending)).toEqual({ error: '[TOOL_ERROR] Tool execution aborted: timeout reached' })
  })

  it('the default abort reason is described by its message', async () => {
    const { registry } = setup()
    registry.register(spec('hang', 't', { handler: () => new Promise(() => {}) }))
    const controller = new AbortController()
    const pending = registry.dispatch('hang', {}, { signal: controller.signal })
    controller.abort()
    const error = parse(await pending).error as string
    expect(error).toMatch(/^\[TOOL_ERROR\] Tool execution aborted: .+/)
    expect(error).toContain('aborted')
  })

  it('a handler settling before the abort keeps its result; a late rejection is not unhandled', async () => {
    const { registry } = setup()
    const gate = deferred<string>()
    registry.register(spec('a', 't', { handler: () => gate.promise }))
    registry.register(spec('b', 't', { handler: () => Promise.reject(new Error('late')) }))
    const controller = new AbortController()
    const pending = registry.dispatch('a', {}, { signal: controller.signal })
    gate.resolve('done')
    expect(await pending).toBe('done')
    controller.abort()
    const c2 = new AbortController()
    const p2 = registry.dispatch('b', {}, { signal: c2.signal })
    expect(parse(await p2).error).toContain('late')
  })

  it('a handler that aborts its own signal synchronously gets the abort envelope', async () => {
    const { registry } = setup()
    const controller = new AbortController()
    registry.register(spec('a', 't', { handler: () => (controller.abort('self'), new Promise(() => {})) }))
    expect(parse(await registry.dispatch('a', {}, { signal: controller.signal })).error).toBe(
      '[TOOL_ERROR] Tool execution aborted: self',
    )
  })

  it('a synchronous handler that aborts its own signal before returning gets the abort envelope', async () => {
    const { registry } = setup()
    const controller = new AbortController()
    registry.register(spec('a', 't', { handler: () => (controller.abort('self-sync'), 'value') }))
    expect(parse(await registry.dispatch('a', {}, { signal: controller.signal })).error).toBe(
      '[TOOL_ERROR] Tool execution aborted: self-sync',
    )
  })

  it('a custom thenable result is awaited, with and without a signal', async () => {
    const { registry } = setup()
    const thenable = { then: (ok: (v: string) => void) => ok('via thenable') }
    registry.register(spec('a', 't', { handler: () => thenable }))
    expect(await registry.dispatch('a', {})).toBe('via thenable')
    expect(await registry.dispatch('a', {}, { signal: new AbortController().signal })).toBe('via thenable')
  })

  it('a null ctx is treated as {}', async () => {
    const { registry } = setup()
    let got: unknown
    registry.register(spec('a', 't', { handler: (_args, ctx) => ((got = ctx), 'ok') }))
    expect(await registry.dispatch('a', {}, null as never)).toBe('ok')
    expect(got).toEqual({})
  })

  it('a signal that never aborts leaves no listener behind', async () => {
    const { registry } = setup()
    registry.register(spec('a', 't', { handler: async () => 'x' }))
    const controller = new AbortController()
    let added = 0
    let removed = 0
    const signal = controller.signal
    const add = signal.addEventListener.bind(signal)
    const remove = signal.removeEventListener.bind(signal)
    signal.addEventListener = ((...a: Parameters<typeof add>) => (added++, add(...a))) as typeof add
    signal.removeEventListener = ((...a: Parameters<typeof remove>) => (removed++, remove(...a))) as typeof remove
    expect(await registry.dispatch('a', {}, { signal })).toBe('x')
    expect(added).toBe(removed)
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })

  it('handlers may register and deregister tools, including themselves', async () => {
    const { registry } = setup()
    registry.register(
      spec('installer', 't', {
        handler: () => {
          registry.register(spec('installed', 'n'))
          registry.deregister('installer')
          return 'done'
        },
      }),
    )
    expect(await registry.dispatch('installer', {})).toBe('done')
    expect(registry.getAllToolNames()).toEqual(['installed'])
    expect(await registry.dispatch('installer', {})).toBe('{"error":"Unknown tool: installer"}')
  })

  it('never throws, even with a hostile result or context', async () => {
    const { registry } = setup()
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    registry.register(spec('p', 't', { handler: () => hostile }))
    registry.register(spec('q', 't'))
    expect(parse(await registry.dispatch('p', {})).error).toMatch(/^\[TOOL_ERROR\] /)
    expect(parse(await registry.dispatch('q', {}, hostile)).error).toMatch(/^\[TOOL_ERROR\] /)
    expect(parse(await registry.dispatch(Symbol('x') as never, {})).error).toBe('Unknown tool: Symbol(x)')
  })
})

describe('result size limits', () => {
  it('a string over the limit is cut and followed by the truncation note', async () => {
    const { registry } = setup()
    registry.register(spec('big', 't', { handler: () => 'abcdefghij', maxResultSizeChars: 4 }))
    expect(await registry.dispatch('big', {})).toBe('abcd\n\n[Truncated: tool response was 10 chars; limit is 4.]')
  })

  it('a string at the limit is untouched; the default limit is 100 000', async () => {
    const { registry } = setup()
    registry.register(spec('exact', 't', { handler: () => 'abcd', maxResultSizeChars: 4 }))
    registry.register(spec('default', 't', { handler: () => 'y'.repeat(100_001) }))
    registry.register(spec('inf', 't', { handler: () => 'z'.repeat(200_000), maxResultSizeChars: Infinity }))
    expect(await registry.dispatch('exact', {})).toBe('abcd')
    const out = (await registry.dispatch('default', {})) as string
    expect(out).toBe('y'.repeat(100_000) + '\n\n[Truncated: tool response was 100001 chars; limit is 100000.]')
    expect(((await registry.dispatch('inf', {})) as string).length).toBe(200_000)
  })

  it('a 50 MB string is truncated without trouble', { timeout: 30_000 }, async () => {
    const { registry } = setup()
    registry.register(spec('huge', 't', { handler: () => 'x'.repeat(50 * 1024 * 1024) }))
    const out = (await registry.dispatch('huge', {})) as string
    expect(out.length).toBeLessThan(100_100)
    expect(out).toContain(`tool response was ${50 * 1024 * 1024} chars`)
  })

  it('onResultOverflow gets the result and the limit, and its string is the answer', async () => {
    const seen: unknown[] = []
    const { registry } = setup({
      onResultOverflow: async (result, info) => {
        seen.push([result, info])
        return `stored ${result.length} chars`
      },
    })
    registry.register(spec('big', 't', { handler: () => 'abcdefghij', maxResultSizeChars: 4 }))
    registry.register(spec('small', 't', { handler: () => 'ab', maxResultSizeChars: 4 }))
    expect(await registry.dispatch('big', {})).toBe('stored 10 chars')
    expect(await registry.dispatch('small', {})).toBe('ab')
    expect(seen).toEqual([['abcdefghij', { name: 'big', limit: 4 }]])
  })

  it('a throwing onResultOverflow falls back to truncation, with a log', async () => {
    const { registry, log } = setup({
      onResultOverflow: () => {
        throw new Error('kv down')
      },
    })
    registry.register(spec('big', 't', { handler: () => 'abcdefghij', maxResultSizeChars: 4 }))
    expect(await registry.dispatch('big', {})).toBe('abcd\n\n[Truncated: tool response was 10 chars; limit is 4.]')
    expect(log.of('warn')[0].text).toContain('kv down')
  })

  it('an onResultOverflow returning a non-string (or rejecting) falls back to truncation', async () => {
    const answers: Array<() => unknown> = [
      () => 42,
      () => Promise.resolve(null),
      () => Promise.reject(new Error('nope')),
    ]
    const { registry, log } = setup({ onResultOverflow: (() => answers.shift()!()) as never })
    registry.register(spec('big', 't', { handler: () => 'abcdefghij', maxResultSizeChars: 4 }))
    for (let i = 0; i < 3; i++) {
      expect(await registry.dispatch('big', {})).toBe('abcd\n\n[Truncated: tool response was 10 chars; limit is 4.]')
    }
    expect(log.of('warn')).toHaveLength(3)
  })

  it('configure() sets onResultOverflow on an existing instance', async () => {
    const registry = new ToolRegistry({ logger: setup().log.logger })
    registry.register(spec('big', 't', { handler: () => 'abcdefghij', maxResultSizeChars: 4 }))
    registry.configure({ onResultOverflow: () => 'pointer' })
    expect(await registry.dispatch('big', {})).toBe('pointer')
  })
})

describe('toolError and toolResult', () => {
  it('toolError is the JSON of { error, ...extra }', () => {
    expect(toolError('bad thing')).toBe('{"error":"bad thing"}')
    expect(toolError('bad', { code: 42, retry: false })).toBe('{"error":"bad","code":42,"retry":false}')
    expect(JSON.parse(toolError('x', { __proto__: 1 } as never))).toEqual({ error: 'x' })
  })

  it('toolResult is the JSON of data when given, else of extra ?? {}', () => {
    expect(toolResult({ a: 1 })).toBe('{"a":1}')
    expect(toolResult([1, 2])).toBe('[1,2]')
    expect(toolResult('s')).toBe('"s"')
    expect(toolResult(null)).toBe('null')
    expect(toolResult(0, { ignored: true })).toBe('0')
    expect(toolResult(undefined, { ok: true })).toBe('{"ok":true}')
    expect(toolResult()).toBe('{}')
  })
})
