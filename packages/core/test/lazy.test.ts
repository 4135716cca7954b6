import { findTools, isLazyPending, preloadLazy, registerLazy, type ToolSpec } from '@toolreg/core'
import { describe, expect, it, vi } from 'vitest'
import { setup } from './helpers.js'

type Registry = ReturnType<typeof setup>['registry']

/** A stand-in for a tool module: evaluating it registers the real tool(s), like `import('./tools/x.ts')`. */
function fakeModule(registry: Registry, specs: ToolSpec[], { failures = 0 } = {}) {
  let evaluated = false
  const attempts: number[] = []
  const load = vi.fn(async (attempt: number) => {
    attempts.push(attempt)
    await new Promise(r => setTimeout(r, 5))
    if (attempts.length <= failures) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    // A module evaluates once, however often it is imported.
    if (!evaluated) for (const s of specs) registry.register(s)
    evaluated = true
    return {}
  })
  return { load, attempts }
}

const real = (over: Partial<ToolSpec> = {}): ToolSpec => ({
  name: 'weather',
  toolset: 'web',
  schema: { description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  handler: a => `sunny in ${a.city}`,
  ...over,
})
const lazyOf = (load: (n: number) => Promise<unknown>, name = 'weather') => ({
  name,
  toolset: 'web',
  schema: { description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  load,
})

describe('registerLazy', () => {
  it('offers the definition without loading the module, then loads it on the first dispatch only', async () => {
    const { registry } = setup()
    const m = fakeModule(registry, [real()])
    const entry = registerLazy(registry, lazyOf(m.load))
    expect(entry?.name).toBe('weather')
    expect(isLazyPending(registry, 'weather')).toBe(true)
    expect(await registry.getToolDefinitions()).toEqual([
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather now',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ])
    expect(m.load).not.toHaveBeenCalled()
    expect(await registry.dispatch('weather', { city: 'Oslo' })).toBe('sunny in Oslo')
    expect(m.load).toHaveBeenCalledTimes(1)
    expect(isLazyPending(registry, 'weather')).toBe(false)
    expect(await registry.dispatch('weather', '{"city":"Rome"}')).toBe('sunny in Rome')
    expect(m.load).toHaveBeenCalledTimes(1)
  })

  it('concurrent first calls share one import, also across the tools of one module', async () => {
    const { registry } = setup()
    const m = fakeModule(registry, [real(), real({ name: 'forecast', handler: () => 'rain' })])
    registerLazy(registry, lazyOf(m.load))
    registerLazy(registry, lazyOf(m.load, 'forecast'))
    const out = await Promise.all([
      registry.dispatch('weather', { city: 'a' }),
      registry.dispatch('weather', { city: 'b' }),
      registry.dispatch('forecast', {}),
    ])
    expect(out).toEqual(['sunny in a', 'sunny in b', 'rain'])
    expect(m.load).toHaveBeenCalledTimes(1)
  })

  it('a failed import answers with the [TOOL_ERROR] envelope; the next call retries (attempt 1) and succeeds', async () => {
    const { registry, log } = setup()
    const m = fakeModule(registry, [real()], { failures: 1 })
    registerLazy(registry, lazyOf(m.load))
    const [a, b] = await Promise.all([
      registry.dispatch('weather', { city: 'x' }),
      registry.dispatch('weather', { city: 'y' }),
    ])
    const envelope =
      '{"error":"[TOOL_ERROR] Tool execution failed: TypeError: Failed to fetch dynamically imported module: /assets/x.js"}'
    expect([a, b]).toEqual([envelope, envelope])
    expect(m.attempts).toEqual([0]) // the two calls shared the failed attempt
    expect(log.of('error').length).toBeGreaterThan(0)
    expect(await registry.dispatch('weather', { city: 'z' })).toBe('sunny in z')
    expect(m.attempts).toEqual([0, 1])
  })

  it('a module that does not register the tool gives an envelope, not a loop', async () => {
    const { registry } = setup()
    const m = fakeModule(registry, [])
    registerLazy(registry, lazyOf(m.load))
    expect(await registry.dispatch('weather', {})).toBe(
      `{"error":"[TOOL_ERROR] Tool execution failed: Error: the module of lazy tool 'weather' did not register it"}`,
    )
  })

  it('never replaces the real tool when its module already ran', async () => {
    const { registry } = setup()
    const m = fakeModule(registry, [real()])
    registry.register(real())
    const entry = registry.getEntry('weather')
    expect(registerLazy(registry, lazyOf(m.load))).toBe(entry)
    expect(isLazyPending(registry, 'weather')).toBe(false)
    expect(await registry.dispatch('weather', { city: 'Rome' })).toBe('sunny in Rome')
    expect(m.load).not.toHaveBeenCalled()
  })

  it('follows the conflict rules of register', () => {
    const { registry, log } = setup()
    registry.register({ ...real(), toolset: 'other' })
    expect(
      registerLazy(
        registry,
        lazyOf(async () => ({})),
      ),
    ).toBeUndefined()
    expect(log.of('error')[0].text).toContain('REJECTED')
    expect(registry.getEntry('weather')?.toolset).toBe('other')
    expect(() => registerLazy(registry, { ...lazyOf(async () => ({})), load: 'nope' as never })).toThrow(TypeError)
    expect(() => registerLazy(registry, { ...lazyOf(async () => ({})), name: '' })).toThrow(TypeError)
  })

  it('checkFn and requiresEnv apply once the module loaded; until then the definition is offered', async () => {
    const { registry } = setup()
    const m = fakeModule(registry, [real({ checkFn: () => false, requiresEnv: ['API_KEY'] })])
    registerLazy(registry, lazyOf(m.load))
    expect((await registry.getToolDefinitions({ env: {} })).map(d => d.function.name)).toEqual(['weather'])
    await registry.dispatch('weather', {})
    expect(await registry.getToolDefinitions({ env: {} })).toEqual([])
    expect(await registry.getToolDefinitions()).toEqual([])
  })

  it("the real tool's result limit applies once, and its context arrives", async () => {
    const { registry } = setup()
    const seen: unknown[] = []
    const m = fakeModule(registry, [
      real({ maxResultSizeChars: 4, handler: (_a, ctx) => (seen.push(ctx.user), 'abcdefgh') }),
    ])
    registerLazy(registry, lazyOf(m.load))
    expect(await registry.dispatch('weather', {}, { user: 'u1' })).toBe(
      'abcd\n\n[Truncated: tool response was 8 chars; limit is 4.]',
    )
    expect(seen).toEqual(['u1'])
  })
})

describe('preloadLazy', () => {
  it("imports a pending tool's module ahead of its call: the call does not load again", async () => {
    const { registry } = setup()
    const m = fakeModule(registry, [real()])
    registerLazy(registry, lazyOf(m.load))
    const done = preloadLazy(registry, ['weather', 'weather', 'unknown'])
    // A call while the preload runs shares its import.
    const call = registry.dispatch('weather', { city: 'Oslo' })
    await done
    expect(isLazyPending(registry, 'weather')).toBe(false)
    expect(await call).toBe('sunny in Oslo')
    expect(m.load).toHaveBeenCalledTimes(1)
    // Loaded tools and eager ones are skipped.
    await preloadLazy(registry, ['weather'])
    expect(m.load).toHaveBeenCalledTimes(1)
  })

  it('a failed preload is quiet; the next call retries and succeeds', async () => {
    const { registry, log } = setup()
    const m = fakeModule(registry, [real()], { failures: 1 })
    registerLazy(registry, lazyOf(m.load))
    await expect(preloadLazy(registry, ['weather'])).resolves.toBeUndefined()
    expect(isLazyPending(registry, 'weather')).toBe(true)
    expect(log.calls).toEqual([])
    expect(await registry.dispatch('weather', { city: 'Rome' })).toBe('sunny in Rome')
    expect(m.attempts).toEqual([0, 1])
  })

  it('find_tools starts importing the lazy tools it found, only those (preload by default)', async () => {
    const { registry } = setup()
    const weather = fakeModule(registry, [real()])
    const other = fakeModule(registry, [
      real({ name: 'stock_price', schema: { description: 'Price of a stock share' } }),
    ])
    registerLazy(registry, lazyOf(weather.load))
    registerLazy(registry, { ...lazyOf(other.load, 'stock_price'), schema: { description: 'Price of a stock share' } })
    const find = registry.register(findTools(registry, { limit: 1 }))!
    const answer = JSON.parse(String(await registry.dispatch(find.name, { query: 'weather now' })))
    expect(answer.tools.map((t: { name: string }) => t.name)).toEqual(['weather'])
    await vi.waitFor(() => expect(isLazyPending(registry, 'weather')).toBe(false))
    expect(weather.load).toHaveBeenCalledTimes(1)
    expect(other.load).not.toHaveBeenCalled()
    // With preload: false nothing is imported.
    const plain = registry.register(findTools(registry, { name: 'find_plain', limit: 1, preload: false }))!
    await registry.dispatch(plain.name, { query: 'stock price' })
    await new Promise(r => setTimeout(r, 20))
    expect(other.load).not.toHaveBeenCalled()
  })
})
