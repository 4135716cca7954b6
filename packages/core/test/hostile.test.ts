import { getEventListeners } from 'node:events'
import { ToolRegistry, type CheckFn, type ToolResult } from '@toolreg/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setup as setupRecorded, spec } from './helpers.js'

/** A registry whose logger keeps the arguments as they are (turning a hostile value into text would throw). */
function setup(options: { checkTimeoutMs?: number } = {}) {
  const { registry, clock } = setupRecorded(options)
  const calls: { level: string; args: unknown[] }[] = []
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void calls.push({ level, args })
  registry.configure({ logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } })
  const of = (level: string) =>
    calls.filter(c => c.level === level).map(c => ({ args: c.args, text: String(c.args[0]) }))
  return { registry, clock, log: { of } }
}

/** Values built to break error handling (README: "Hostile input"); fresh ones per call. */
function hostiles(): [string, () => unknown][] {
  return [
    [
      'an Error whose message getter throws',
      () =>
        Object.defineProperty(new Error('x'), 'message', {
          get: () => {
            throw new Error('message getter')
          },
        }),
    ],
    [
      'an Error whose name getter throws',
      () =>
        Object.defineProperty(new TypeError('x'), 'name', {
          get: () => {
            throw new Error('name getter')
          },
        }),
    ],
    [
      'an object whose Symbol.toStringTag getter throws',
      () => ({
        get [Symbol.toStringTag]() {
          throw new Error('tag getter')
        },
      }),
    ],
    [
      'a revoked Proxy',
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {})
        revoke()
        return proxy
      },
    ],
    [
      'a Proxy that throws on every trap',
      () =>
        new Proxy(
          {},
          new Proxy(
            {},
            {
              get: () => () => {
                throw new Error('trap')
              },
            },
          ),
        ),
    ],
    [
      'a revoked Proxy of an Error',
      () => {
        const { proxy, revoke } = Proxy.revocable(new Error('secret'), {})
        revoke()
        return proxy
      },
    ],
  ]
}

/** Records unhandled rejections while a test runs (one is a failure, whatever the test asserted). */
let unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
beforeEach(() => {
  unhandled = []
  process.on('unhandledRejection', onUnhandled)
})
afterEach(async () => {
  // Unhandled rejections are reported after the microtask queue drains.
  await new Promise(r => setTimeout(r, 20))
  process.off('unhandledRejection', onUnhandled)
  expect(unhandled).toEqual([])
})

const parse = (r: ToolResult) => JSON.parse(r as string) as { error: string }

describe('thrown, rejected and returned hostile values', () => {
  for (const [label, make] of hostiles()) {
    it(`${label}: a handler that throws, rejects or returns it gets an envelope`, async () => {
      const { registry, log } = setup()
      registry.register(
        spec('throws', 't', {
          handler: () => {
            throw make()
          },
        }),
      )
      registry.register(
        spec('rejects', 't', {
          handler: async () => {
            throw make()
          },
        }),
      )
      registry.register(spec('returns', 't', { handler: () => make() }))
      registry.register(spec('resolves', 't', { handler: async () => make() }))
      for (const name of ['throws', 'rejects', 'returns', 'resolves']) {
        const out = await registry.dispatch(name, {})
        expect(typeof out).toBe('string')
        expect(parse(out).error).toMatch(
          /^\[TOOL_ERROR\] Tool execution failed: |^Tool handler returned unsupported result type: /,
        )
      }
      // The log got the original values.
      const logged = log.of('error').filter(c => c.text.endsWith('failed:'))
      expect(logged.length).toBeGreaterThanOrEqual(2)
      for (const c of logged) expect(typeof c.args[1]).toBe('object')
    })

    it(`${label}: a check that throws, rejects or returns it leaves every report settled`, async () => {
      const { registry, log } = setup()
      registry.register(
        spec('throws', 'a', {
          checkFn: () => {
            throw make()
          },
        }),
      )
      registry.register(
        spec('rejects', 'b', {
          checkFn: async () => {
            throw make()
          },
        }),
      )
      registry.register(spec('returns', 'c', { checkFn: () => Promise.reject(make()) }))
      registry.register(spec('plain', 'd'))
      expect((await registry.getToolDefinitions()).map(d => d.function.name)).toEqual(['plain'])
      expect((await registry.getDefinitions(['throws', 'rejects', 'plain'])).map(d => d.function.name)).toEqual([
        'plain',
      ])
      expect(await registry.isToolsetAvailable('a')).toBe(false)
      expect(await registry.checkToolsetRequirements()).toEqual({ a: false, b: false, c: false, d: true })
      expect(Object.keys(await registry.getAvailableToolsets())).toEqual(['a', 'b', 'c', 'd'])
      expect((await registry.checkToolAvailability()).available).toEqual(['d'])
      expect(log.of('warn')).toHaveLength(3)
    })

    it(`${label}: a check that resolves to it counts as a pass or a failure, never a throw`, async () => {
      const { registry } = setup()
      registry.register(spec('a', 'a', { checkFn: () => make() }))
      const defs = await registry.getToolDefinitions()
      expect(defs.length).toBeLessThanOrEqual(1)
    })

    it(`${label}: dynamicSchemaOverrides throwing it falls back to the static schema`, async () => {
      const { registry, log } = setup()
      registry.register(
        spec('a', 'a', {
          dynamicSchemaOverrides: () => {
            throw make()
          },
        }),
      )
      registry.register(spec('b', 'a', { dynamicSchemaOverrides: () => make() as Record<string, unknown> }))
      const defs = await registry.getToolDefinitions()
      expect(defs.map(d => [d.function.name, d.function.description])).toEqual([
        ['a', 'a tool'],
        ['b', 'b tool'],
      ])
      expect(log.of('warn').length).toBeGreaterThanOrEqual(1)
    })

    it(`${label}: as a tool name, dispatch answers Unknown tool and the definitions skip it`, async () => {
      const { registry } = setup()
      registry.register(spec('a'))
      const name = make() as string
      expect(parse(await registry.dispatch(name, '{}')).error).toMatch(/^Unknown tool: /)
      expect(await registry.getDefinitions([name, 'a'])).toHaveLength(1)
      expect(registry.has(name)).toBe(false)
      expect(registry.getEntry(name)).toBeUndefined()
    })

    it(`${label}: as an abort reason, the abort envelope`, async () => {
      const { registry } = setup()
      registry.register(spec('a', 't', { handler: () => new Promise(() => {}) }))
      const controller = new AbortController()
      const call = registry.dispatch('a', {}, { signal: controller.signal })
      controller.abort(make())
      expect(parse(await call).error).toMatch(/^\[TOOL_ERROR\] Tool execution aborted: /)
    })

    it(`${label}: sanitizeToolError of it is a string`, async () => {
      const { sanitizeToolError } = await import('@toolreg/core')
      expect(typeof sanitizeToolError(make() as string)).toBe('string')
    })
  }

  it('a probe that failed on a hostile value is not stuck in flight: a later call probes again', async () => {
    const { registry, clock } = setup()
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    let calls = 0
    const check: CheckFn = () => (++calls === 1 ? Promise.reject(proxy) : true)
    registry.register(spec('a', 't', { checkFn: check }))
    expect(await registry.getToolDefinitions()).toEqual([])
    clock.t += 31_000 // past the failure's TTL
    expect((await registry.getToolDefinitions()).map(d => d.function.name)).toEqual(['a'])
    expect(calls).toBe(2)
  })

  it('a logger that throws changes no outcome', async () => {
    const boom = () => {
      throw new Error('logger down')
    }
    const registry = new ToolRegistry({ logger: { debug: boom, info: boom, warn: boom, error: boom } })
    registry.register(
      spec('fails', 't', {
        handler: () => {
          throw new Error('x')
        },
      }),
    )
    registry.register(spec('bad', 't', { handler: () => 42 }))
    registry.register(spec('unchecked', 'u', { checkFn: () => false }))
    registry.subscribe(boom)
    registry.register(spec('fails', 'other')) // rejected: an error log
    expect(parse(await registry.dispatch('fails', {})).error).toBe('[TOOL_ERROR] Tool execution failed: Error: x')
    expect(parse(await registry.dispatch('bad', {})).error).toBe(
      'Tool handler returned unsupported result type: number',
    )
    expect((await registry.getToolDefinitions()).map(d => d.function.name)).toEqual(['bad', 'fails'])
  })
})

describe('re-entrancy', () => {
  it('a listener that registers does not reorder the events later listeners see', () => {
    const { registry } = setup()
    const first: string[] = []
    const second: string[] = []
    registry.subscribe(e => {
      first.push(`${e.type}:${e.name}:${e.generation}`)
      if (e.name === 'a') registry.register(spec('b'))
    })
    registry.subscribe(e => void second.push(`${e.type}:${e.name}:${e.generation}`))
    registry.register(spec('a'))
    expect(first).toEqual(['register:a:1', 'register:b:2'])
    expect(second).toEqual(['register:a:1', 'register:b:2'])
    // Everything was delivered before register returned.
    expect(registry.generation).toBe(2)
  })

  it('events keep flowing after a listener threw during a re-entrant delivery', () => {
    const { registry, log } = setup()
    const seen: string[] = []
    registry.subscribe(e => {
      if (e.name === 'a') registry.deregister('a')
      throw new Error('listener bug')
    })
    registry.subscribe(e => void seen.push(`${e.type}:${e.name}`))
    registry.register(spec('a'))
    registry.register(spec('c'))
    expect(seen).toEqual(['register:a', 'deregister:a', 'register:c'])
    expect(log.of('error')).toHaveLength(3)
  })

  it('a check function that calls getToolDefinitions() synchronously does not recurse', async () => {
    const { registry } = setup()
    let calls = 0
    let inner: Promise<unknown> | undefined
    registry.register(
      spec('a', 't', {
        checkFn: () => {
          calls++
          inner = registry.getToolDefinitions()
          return true
        },
      }),
    )
    expect((await registry.getToolDefinitions()).map(d => d.function.name)).toEqual(['a'])
    expect(calls).toBe(1)
    // The nested call shared the probe in flight.
    expect(((await inner) as unknown[]).length).toBe(1)
  })

  it('a check function that awaits getToolDefinitions() itself times out instead of hanging', async () => {
    const { registry, log } = setup({ checkTimeoutMs: 50 })
    registry.register(spec('a', 't', { checkFn: () => registry.getToolDefinitions() }))
    expect(await registry.getToolDefinitions()).toEqual([])
    expect(log.of('warn')[0].text).toContain('timed out')
  })

  it('eleven calls sharing one AbortSignal: no MaxListenersExceededWarning, no listener left when they settle', async () => {
    const warnings: string[] = []
    const onWarning = (w: Error) => void warnings.push(w.name)
    process.on('warning', onWarning)
    try {
      const { registry } = setup()
      const gates: (() => void)[] = []
      registry.register(spec('slow', 't', { handler: () => new Promise<string>(r => gates.push(() => r('done'))) }))
      registry.register(spec('hang', 't', { handler: () => new Promise(() => {}) }))
      const controller = new AbortController()
      const { signal } = controller
      const finished = Array.from({ length: 12 }, () => registry.dispatch('slow', {}, { signal }))
      const hanging = Array.from({ length: 12 }, () => registry.dispatch('hang', {}, { signal }))
      await new Promise(r => setTimeout(r, 10))
      expect(gates).toHaveLength(12)
      for (const open of gates) open()
      expect(await Promise.all(finished)).toEqual(Array(12).fill('done'))
      controller.abort(new Error('user left'))
      for (const out of await Promise.all(hanging))
        expect(parse(out).error).toBe('[TOOL_ERROR] Tool execution aborted: user left')
      expect(getEventListeners(signal, 'abort')).toHaveLength(0)
      await new Promise(r => setTimeout(r, 20)) // warnings are emitted on a later tick
      expect(warnings).not.toContain('MaxListenersExceededWarning')
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('calls sharing a signal that never aborts leave no listener on it once they settle', async () => {
    const { registry } = setup()
    registry.register(spec('a', 't', { handler: async () => 'x' }))
    const { signal } = new AbortController()
    await Promise.all(Array.from({ length: 20 }, () => registry.dispatch('a', {}, { signal })))
    expect(getEventListeners(signal, 'abort')).toHaveLength(0)
  })
})
