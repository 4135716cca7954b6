import { describe, expect, it } from 'vitest'
import { deferred, setup, spec } from './helpers.js'

const SEC = 1000

/** A check whose verdicts come from a queue (or a fixed value), counting probes. */
function scripted(...verdicts: unknown[]) {
  const fn = Object.assign(
    () => {
      fn.calls++
      return verdicts.length > 1 ? verdicts.shift() : verdicts[0]
    },
    { calls: 0 },
  )
  return fn
}

const names = async (registry: ReturnType<typeof setup>['registry']) =>
  (await registry.getToolDefinitions()).map(d => d.function.name)

describe('availability checks', () => {
  it('a failing check hides its tool from the definitions, with a warn log', async () => {
    const { registry, log } = setup()
    registry.register(spec('ok', 'a', { checkFn: () => true }))
    registry.register(spec('broken', 'b', { checkFn: () => false }))
    registry.register(spec('plain', 'c'))
    expect(await names(registry)).toEqual(['ok', 'plain'])
    expect(log.of('warn')).toHaveLength(1)
    expect(log.of('warn')[0].text).toContain('broken')
  })

  it('truthy and falsy values count, not just booleans; sync and async checks both work', async () => {
    const { registry } = setup()
    registry.register(spec('yes', 't', { checkFn: () => 'yes' }))
    registry.register(spec('zero', 't', { checkFn: () => 0 }))
    registry.register(spec('empty', 't', { checkFn: async () => '' }))
    registry.register(spec('async', 't', { checkFn: async () => ({}) }))
    expect(await names(registry)).toEqual(['async', 'yes'])
  })

  it('two tools sharing one check function probe it once per call', async () => {
    const { registry } = setup()
    const check = scripted(true)
    registry.register(spec('a', 'x', { checkFn: check }))
    registry.register(spec('b', 'y', { checkFn: check }))
    expect(await names(registry)).toEqual(['a', 'b'])
    expect(check.calls).toBe(1)
  })

  it('each method probes a shared check at most once per call', async () => {
    const { registry, clock } = setup()
    const check = scripted(true)
    registry.register(spec('a', 'x', { checkFn: check }))
    registry.register(spec('b', 'y', { checkFn: check }))
    const calls: Array<() => Promise<unknown>> = [
      () => registry.checkToolsetRequirements(),
      () => registry.getAvailableToolsets(),
      () => registry.checkToolAvailability(),
      () => registry.getDefinitions(['a', 'b']),
    ]
    for (const call of calls) {
      clock.t += 31 * SEC // past the TTL, so every call probes
      const before = check.calls
      await call()
      expect(check.calls - before).toBe(1)
    }
  })

  it('two concurrent calls share one in-flight probe', async () => {
    const { registry } = setup()
    const gate = deferred<boolean>()
    let calls = 0
    registry.register(spec('a', 'x', { checkFn: () => (calls++, gate.promise) }))
    const first = registry.getToolDefinitions()
    const second = registry.isToolsetAvailable('x')
    const third = registry.getDefinitions(['a'])
    gate.resolve(true)
    expect((await first).map(d => d.function.name)).toEqual(['a'])
    expect(await second).toBe(true)
    expect((await third).map(d => d.function.name)).toEqual(['a'])
    expect(calls).toBe(1)
  })

  it('the time is read once per distinct check per call', async () => {
    let reads = 0
    const { registry } = setup({ now: () => (reads++, 0) })
    const c1 = () => true
    const c2 = async () => true
    registry.register(spec('a', 't', { checkFn: c1 }))
    registry.register(spec('b', 't', { checkFn: c1 }))
    registry.register(spec('c', 't', { checkFn: c2 }))
    registry.register(spec('d', 't'))
    await registry.getToolDefinitions()
    expect(reads).toBe(2)
  })

  it('the time is read before probing: a slow probe’s verdict is dated at its start', async () => {
    const { registry, clock } = setup()
    const check = Object.assign(
      () => {
        check.calls++
        clock.t += 29 * SEC // the probe "takes" 29 s
        return true
      },
      { calls: 0 },
    )
    registry.register(spec('a', 't', { checkFn: check }))
    await names(registry) // verdict dated t=0, clock now 29 s
    clock.t = 31 * SEC
    await names(registry)
    expect(check.calls).toBe(2)
  })

  it('the TTL / grace timeline, driven by the injected clock', async () => {
    const { registry, clock, log } = setup()
    const check = scripted(true, false, false, false, false)
    registry.register(spec('a', 't', { checkFn: check }))

    clock.t = 0 // success: cached true, last good = 0
    expect(await names(registry)).toEqual(['a'])
    expect(check.calls).toBe(1)

    clock.t = 29_999 // within the 30 s TTL (strict <): no probe
    expect(await names(registry)).toEqual(['a'])
    expect(check.calls).toBe(1)

    clock.t = 31 * SEC // expired; failure within 60 s of last good: a flake, still available
    expect(await names(registry)).toEqual(['a'])
    expect(check.calls).toBe(2)
    expect(log.of('warn')).toHaveLength(1)

    clock.t = 45 * SEC // a flake is not cached: probe again, still within grace
    expect(await names(registry)).toEqual(['a'])
    expect(check.calls).toBe(3)
    expect(log.of('warn')).toHaveLength(2)

    clock.t = 61 * SEC // 61 - 0 >= 60: failure honoured and cached
    expect(await names(registry)).toEqual([])
    expect(check.calls).toBe(4)
    expect(log.of('warn')).toHaveLength(3)

    clock.t = 90 * SEC // cached false until 61 + 30 (strict <)
    expect(await names(registry)).toEqual([])
    expect(check.calls).toBe(4)

    clock.t = 91 * SEC // expired: probe again (still failing)
    expect(await names(registry)).toEqual([])
    expect(check.calls).toBe(5)
  })

  it('the grace window is strict: a failure exactly 60 s after the last good is honoured', async () => {
    const { registry, clock } = setup()
    registry.register(spec('a', 't', { checkFn: scripted(true, false) }))
    await names(registry)
    clock.t = 60 * SEC
    expect(await names(registry)).toEqual([])
  })

  it('a flake does not move the last-good time', async () => {
    const { registry, clock } = setup()
    registry.register(spec('a', 't', { checkFn: scripted(true, false, false) }))
    await names(registry) // good at 0
    clock.t = 50 * SEC
    expect(await names(registry)).toEqual(['a']) // flake
    clock.t = 70 * SEC // 70 s after the good at 0, though only 20 s after the flake
    expect(await names(registry)).toEqual([])
  })

  it('a failure with no success ever is cached false at once', async () => {
    const { registry, clock } = setup()
    const check = scripted(false, true)
    registry.register(spec('a', 't', { checkFn: check }))
    expect(await names(registry)).toEqual([])
    clock.t = 29 * SEC
    expect(await names(registry)).toEqual([])
    expect(check.calls).toBe(1)
    clock.t = 30 * SEC
    expect(await names(registry)).toEqual(['a'])
  })

  it('a throwing check is a failure, logged with its message', async () => {
    const { registry, log } = setup()
    registry.register(
      spec('a', 't', {
        checkFn: () => {
          throw new Error('docker is down')
        },
      }),
    )
    expect(await names(registry)).toEqual([])
    expect(await registry.isToolsetAvailable('t')).toBe(false)
    expect(log.of('warn')[0].text).toContain('docker is down')
  })

  it('a rejecting check is a failure, also with a non-Error reason', async () => {
    const { registry, log } = setup()
    registry.register(spec('a', 't1', { checkFn: () => Promise.reject(new TypeError('nope')) }))
    registry.register(spec('b', 't2', { checkFn: () => Promise.reject('plain string') }))
    expect(await registry.checkToolsetRequirements()).toEqual({ t1: false, t2: false })
    const text = log
      .of('warn')
      .map(c => c.text)
      .join('\n')
    expect(text).toContain('nope')
    expect(text).toContain('plain string')
  })

  it('a never-settling check fails after checkTimeoutMs, and its late settlement is ignored', async () => {
    const { registry, log, clock } = setup({ checkTimeoutMs: 20 })
    const gate = deferred<boolean>()
    let calls = 0
    registry.register(spec('slow', 't', { checkFn: () => (calls++, gate.promise) }))
    registry.register(spec('never', 'u', { checkFn: () => new Promise(() => {}) }))
    expect(await names(registry)).toEqual([])
    expect(
      log
        .of('warn')
        .map(c => c.text)
        .join('\n'),
    ).toContain('timed out')
    gate.resolve(true) // too late
    await new Promise(r => setTimeout(r, 10))
    clock.t = 10 * SEC // within the TTL of the cached failure
    expect(await names(registry)).toEqual([])
    expect(calls).toBe(1)
  })

  it('checkTimeoutMs: Infinity disables the timeout', async () => {
    const { registry } = setup({ checkTimeoutMs: Infinity })
    const gate = deferred<boolean>()
    registry.register(spec('a', 't', { checkFn: () => gate.promise }))
    const pending = names(registry)
    setTimeout(() => gate.resolve(true), 30)
    expect(await pending).toEqual(['a'])
  })

  it('a late failure after a timeout does not surface as an unhandled rejection', async () => {
    const { registry } = setup({ checkTimeoutMs: 5 })
    const gate = deferred<boolean>()
    registry.register(spec('a', 't', { checkFn: () => gate.promise }))
    expect(await names(registry)).toEqual([])
    gate.reject(new Error('late'))
    await new Promise(r => setTimeout(r, 10))
  })

  it('invalidateCheckCache clears verdicts and last-good times', async () => {
    const { registry, clock } = setup()
    const check = scripted(true, false)
    registry.register(spec('a', 't', { checkFn: check }))
    expect(await names(registry)).toEqual(['a'])
    clock.t = 10 * SEC
    registry.invalidateCheckCache()
    // Not cached any more, and no last good: the failure is honoured, not a flake.
    expect(await names(registry)).toEqual([])
    expect(check.calls).toBe(2)
  })

  it('a verdict of a probe in flight during invalidateCheckCache is not cached', async () => {
    const { registry } = setup()
    const gate = deferred<boolean>()
    let calls = 0
    registry.register(spec('a', 't', { checkFn: () => (calls++, calls === 1 ? gate.promise : false) }))
    const pending = names(registry)
    registry.invalidateCheckCache()
    gate.resolve(true)
    expect(await pending).toEqual(['a'])
    expect(await names(registry)).toEqual([])
    expect(calls).toBe(2)
  })

  it('a check may register and deregister tools', async () => {
    const { registry } = setup()
    registry.register(spec('victim', 'v'))
    registry.register(
      spec('a', 't', {
        checkFn: () => {
          registry.register(spec('added', 'n'))
          registry.deregister('victim')
          return true
        },
      }),
    )
    const defs = await names(registry)
    expect(defs).toContain('a')
    expect(registry.has('added')).toBe(true)
    expect(registry.has('victim')).toBe(false)
  })
})

describe('toolset availability', () => {
  function world() {
    const s = setup()
    const down = () => false
    s.registry.register(spec('ok1', 'mixed', { checkFn: down }))
    s.registry.register(spec('ok2', 'mixed', { requiresEnv: ['KEY_B'] })) // no check: the toolset is available
    s.registry.register(spec('d1', 'down', { checkFn: down, requiresEnv: ['KEY_A', 'KEY_C'] }))
    s.registry.register(spec('d2', 'down', { checkFn: down, requiresEnv: ['KEY_A'] }))
    s.registry.register(spec('u', 'up', { checkFn: () => true }))
    return s
  }

  it('isToolsetAvailable: one unchecked or passing tool is enough; unknown is false', async () => {
    const { registry } = world()
    registry.registerToolsetAlias('up-alias', 'up')
    expect(await registry.isToolsetAvailable('mixed')).toBe(true)
    expect(await registry.isToolsetAvailable('down')).toBe(false)
    expect(await registry.isToolsetAvailable('up')).toBe(true)
    expect(await registry.isToolsetAvailable('up-alias')).toBe(true)
    expect(await registry.isToolsetAvailable('nope')).toBe(false)
  })

  it('checkToolsetRequirements maps every toolset to a boolean', async () => {
    const { registry } = world()
    expect(await registry.checkToolsetRequirements()).toEqual({ down: false, mixed: true, up: true })
  })

  it('getAvailableToolsets lists tools and the union of requiresEnv', async () => {
    const { registry } = world()
    expect(await registry.getAvailableToolsets()).toEqual({
      down: { available: false, tools: ['d1', 'd2'], requirements: ['KEY_A', 'KEY_C'] },
      mixed: { available: true, tools: ['ok1', 'ok2'], requirements: ['KEY_B'] },
      up: { available: true, tools: ['u'], requirements: [] },
    })
  })

  it('checkToolAvailability splits toolsets, sorted', async () => {
    const { registry } = world()
    registry.register(spec('z', 'aaa-down', { checkFn: () => 0 }))
    expect(await registry.checkToolAvailability()).toEqual({
      available: ['mixed', 'up'],
      unavailable: [
        { name: 'aaa-down', envVars: [], tools: ['z'] },
        { name: 'down', envVars: ['KEY_A', 'KEY_C'], tools: ['d1', 'd2'] },
      ],
    })
  })

  it('none of them throws because of a check function', async () => {
    const { registry } = setup({ checkTimeoutMs: 10 })
    registry.register(
      spec('t1', 'a', {
        checkFn: () => {
          throw Object.create(null) // cannot even be turned into a string
        },
      }),
    )
    registry.register(spec('t2', 'b', { checkFn: () => Promise.reject(undefined) }))
    registry.register(spec('t3', 'c', { checkFn: () => new Promise(() => {}) }))
    await expect(registry.isToolsetAvailable('a')).resolves.toBe(false)
    await expect(registry.checkToolsetRequirements()).resolves.toEqual({ a: false, b: false, c: false })
    await expect(registry.getAvailableToolsets()).resolves.toBeTypeOf('object')
    await expect(registry.checkToolAvailability()).resolves.toMatchObject({ available: [] })
    await expect(registry.getToolDefinitions()).resolves.toEqual([])
  })
})
