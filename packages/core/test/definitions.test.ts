import type { ToolDefinition } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

describe('getDefinitions', () => {
  it('OpenAI function-calling shape: { type: function, function: { ...schema, name } }', async () => {
    const { registry } = setup()
    registry.register({
      name: 'search',
      toolset: 'web',
      schema: {
        name: 'ignored',
        description: 'Search the web',
        parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
        strict: true,
      },
      handler: () => '',
    })
    const [def] = await registry.getDefinitions(['search'])
    expect(def).toEqual({
      type: 'function',
      function: {
        name: 'search',
        description: 'Search the web',
        parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
        strict: true,
      },
    })
  })

  it('skips unknown names, de-duplicates and sorts by name', async () => {
    const { registry } = setup()
    for (const n of ['b', 'a', 'C']) registry.register(spec(n))
    const defs = await registry.getDefinitions(['b', 'nope', 'a', 'C', 'a'])
    expect(defs.map(d => d.function.name)).toEqual(['C', 'a', 'b'])
  })

  it('uses the entry description when neither schema nor overrides has one', async () => {
    const { registry } = setup()
    registry.register({
      name: 'a',
      toolset: 't',
      schema: { parameters: { type: 'object' } },
      handler: () => '',
      description: 'from the spec',
    })
    registry.register({
      name: 'b',
      toolset: 't',
      schema: { description: 'from the schema' },
      handler: () => '',
      description: 'from the spec',
    })
    const [a, b] = await registry.getDefinitions(['a', 'b'])
    expect(a.function.description).toBe('from the spec')
    expect(b.function.description).toBe('from the schema')
  })

  it('dynamic overrides run on every call and replace top-level keys one level deep', async () => {
    const { registry } = setup()
    let max = 3
    let runs = 0
    registry.register(
      spec('delegate', 't', {
        schema: {
          description: 'static',
          parameters: { type: 'object', properties: { n: { type: 'integer', maximum: 1 } }, required: ['n'] },
        },
        dynamicSchemaOverrides: () => {
          runs++
          return {
            parameters: { type: 'object', properties: { n: { type: 'integer', maximum: max } } },
            name: 'hijack',
          }
        },
      }),
    )
    const [first] = await registry.getDefinitions(['delegate'])
    max = 7
    const [second] = await registry.getToolDefinitions()
    expect(runs).toBe(2)
    expect(first.function.name).toBe('delegate') // the registry name always wins
    expect(first.function.description).toBe('static')
    // One level: the whole `parameters` is replaced, `required` is gone.
    expect(first.function.parameters).toEqual({ type: 'object', properties: { n: { type: 'integer', maximum: 3 } } })
    expect((second.function.parameters as { properties: { n: { maximum: number } } }).properties.n.maximum).toBe(7)
    expect(registry.getSchema('delegate')?.description).toBe('static')
  })

  it('an override result that is not a plain object is ignored', async () => {
    const { registry, log } = setup()
    const results: unknown[] = [null, undefined, 'text', ['parameters'], 42, new Map([['description', 'x']])]
    registry.register(spec('a', 't', { dynamicSchemaOverrides: () => results.shift() as Record<string, unknown> }))
    for (let i = 0; i < 6; i++) {
      const [def] = await registry.getDefinitions(['a'])
      expect(def.function).toEqual({ name: 'a', description: 'a tool', parameters: { type: 'object', properties: {} } })
    }
    expect(log.calls).toEqual([])
  })

  it('a throwing override logs a warning and the static schema is used', async () => {
    const { registry, log } = setup()
    registry.register(
      spec('a', 't', {
        dynamicSchemaOverrides: () => {
          throw new Error('config missing')
        },
      }),
    )
    const [def] = await registry.getDefinitions(['a'])
    expect(def.function).toEqual({ name: 'a', description: 'a tool', parameters: { type: 'object', properties: {} } })
    expect(log.of('warn')).toHaveLength(1)
    expect(log.of('warn')[0].text).toContain('config missing')
  })

  it('an override description wins over the schema’s; the entry description is only a fallback', async () => {
    const { registry } = setup()
    registry.register(
      spec('a', 't', { description: 'entry', dynamicSchemaOverrides: () => ({ description: 'dynamic' }) }),
    )
    const [def] = await registry.getDefinitions(['a'])
    expect(def.function.description).toBe('dynamic')
  })

  it('env filtering by requiresEnv: missing or empty variables leave the tool out', async () => {
    const { registry } = setup()
    registry.register(spec('none', 't'))
    registry.register(spec('one', 't', { requiresEnv: ['API_KEY'] }))
    registry.register(spec('two', 't', { requiresEnv: ['API_KEY', 'REGION'] }))
    registry.register(spec('proto', 't', { requiresEnv: ['toString'] }))
    const list = async (env?: Record<string, string | undefined>) =>
      (await registry.getDefinitions(['none', 'one', 'two', 'proto'], env && { env })).map(d => d.function.name)
    expect(await list()).toEqual(['none', 'one', 'proto', 'two']) // without env, requiresEnv is metadata
    expect(await list({})).toEqual(['none'])
    expect(await list({ API_KEY: 'k' })).toEqual(['none', 'one'])
    expect(await list({ API_KEY: 'k', REGION: '' })).toEqual(['none', 'one'])
    expect(await list({ API_KEY: 'k', REGION: 'eu', toString: 'x' })).toEqual(['none', 'one', 'proto', 'two'])
    expect(await list({ API_KEY: undefined, REGION: 'eu' })).toEqual(['none'])
  })

  it('getDefinitions: every definition and function object is fresh; mutating one changes nothing later', async () => {
    const { registry } = setup()
    registry.register(spec('a', 't'))
    const [first] = await registry.getDefinitions(['a'])
    const [second] = await registry.getDefinitions(['a'])
    expect(first).not.toBe(second)
    expect(first.function).not.toBe(second.function)
    first.function.name = 'evil'
    first.function.description = 'evil'
    ;(first as { type: string }).type = 'other'
    // Nested values are the frozen schema's: they cannot be changed at all.
    expect(() => {
      ;(first.function.parameters as Record<string, unknown>).type = 'array'
    }).toThrow(TypeError)
    const [third] = await registry.getDefinitions(['a'])
    expect(third).toEqual({
      type: 'function',
      function: { name: 'a', description: 'a tool', parameters: { type: 'object', properties: {} } },
    })
    expect(registry.getSchema('a')?.description).toBe('a tool')
  })

  it('getToolDefinitions: definitions are frozen and shared until the registry changes; a mutation throws and changes nothing', async () => {
    const { registry } = setup()
    registry.register(spec('a', 't'))
    const [first] = await registry.getToolDefinitions()
    const [second] = await registry.getToolDefinitions()
    // The memo hit hands out the same frozen objects (O(1)), never ones a caller changed.
    expect(second).toBe(first)
    expect(Object.isFrozen(first) && Object.isFrozen(first.function)).toBe(true)
    expect(() => {
      first.function.description = 'evil'
    }).toThrow(TypeError)
    expect((await registry.getToolDefinitions())[0]?.function.description).toBe('a tool')
    // A change of the registry gives new definitions.
    registry.register(spec('b', 't'))
    const [again] = await registry.getToolDefinitions()
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  it('getToolDefinitions: with a check function, dynamic overrides or env, definitions are fresh on every call', async () => {
    const { registry } = setup()
    let n = 0
    registry.register(spec('a', 't', { dynamicSchemaOverrides: () => ({ description: `call ${++n}` }) }))
    const [first] = await registry.getToolDefinitions()
    const [second] = await registry.getToolDefinitions()
    expect(first).not.toBe(second)
    expect([first?.function.description, second?.function.description]).toEqual(['call 1', 'call 2'])
    first!.function.description = 'mine'
    const plain = setup().registry
    plain.register(spec('p', 't'))
    const [withEnv] = await plain.getToolDefinitions({ env: {} })
    expect(Object.isFrozen(withEnv)).toBe(false)
  })
})

describe('getToolDefinitions', () => {
  function world() {
    const s = setup()
    s.registry.register(spec('read', 'files'))
    s.registry.register(spec('write', 'files'))
    s.registry.register(spec('search', 'web'))
    s.registry.register(spec('fetch', 'web'))
    s.registry.register(spec('mcp__gh__issue', 'mcp-gh'))
    s.registry.registerToolsetAlias('gh', 'mcp-gh')
    return s
  }
  const names = (defs: ToolDefinition[]) => defs.map(d => d.function.name)

  it('absent enabledToolsets means every tool; [] means none', async () => {
    const { registry } = world()
    expect(names(await registry.getToolDefinitions())).toEqual(['fetch', 'mcp__gh__issue', 'read', 'search', 'write'])
    expect(names(await registry.getToolDefinitions({ enabledToolsets: [] }))).toEqual([])
  })

  it('resolves toolsets, aliases and all, then subtracts the disabled ones', async () => {
    const { registry } = world()
    expect(names(await registry.getToolDefinitions({ enabledToolsets: ['web', 'gh'] }))).toEqual([
      'fetch',
      'mcp__gh__issue',
      'search',
    ])
    expect(
      names(await registry.getToolDefinitions({ enabledToolsets: ['*'], disabledToolsets: ['files', 'gh'] })),
    ).toEqual(['fetch', 'search'])
    expect(names(await registry.getToolDefinitions({ disabledToolsets: ['web'] }))).toEqual([
      'mcp__gh__issue',
      'read',
      'write',
    ])
    expect(names(await registry.getToolDefinitions({ enabledToolsets: ['nope'] }))).toEqual([])
  })

  it('passes env through to the filter', async () => {
    const { registry } = world()
    registry.register(spec('keyed', 'web', { requiresEnv: ['K'] }))
    expect(names(await registry.getToolDefinitions({ enabledToolsets: ['web'], env: {} }))).toEqual(['fetch', 'search'])
    expect(names(await registry.getToolDefinitions({ enabledToolsets: ['web'], env: { K: '1' } }))).toEqual([
      'fetch',
      'keyed',
      'search',
    ])
  })

  it('the memo follows the generation: a registration, a deregistration and an alias show at once', async () => {
    const { registry } = world()
    const opts = { enabledToolsets: ['gh'] }
    expect(names(await registry.getToolDefinitions(opts))).toEqual(['mcp__gh__issue'])
    registry.register(spec('mcp__gh__pr', 'mcp-gh'))
    expect(names(await registry.getToolDefinitions(opts))).toEqual(['mcp__gh__issue', 'mcp__gh__pr'])
    registry.deregister('mcp__gh__issue')
    expect(names(await registry.getToolDefinitions(opts))).toEqual(['mcp__gh__pr'])
    registry.registerToolsetAlias('gh', 'files')
    expect(names(await registry.getToolDefinitions(opts))).toEqual(['read', 'write'])
    // a replacement in place (same generation rule) is seen too
    registry.register(spec('read', 'files', { schema: { description: 'v2' } }))
    const defs = await registry.getToolDefinitions(opts)
    expect(defs[0].function.description).toBe('v2')
  })

  it('the memo keeps option sets apart (absent vs [] vs lists)', async () => {
    const { registry } = world()
    const all = names(await registry.getToolDefinitions())
    expect(names(await registry.getToolDefinitions({ enabledToolsets: [] }))).toEqual([])
    expect(names(await registry.getToolDefinitions({ disabledToolsets: [] }))).toEqual(all)
    expect(names(await registry.getToolDefinitions({ enabledToolsets: ['files'] }))).toEqual(['read', 'write'])
    expect(names(await registry.getToolDefinitions({ enabledToolsets: ['web'] }))).toEqual(['fetch', 'search'])
    expect(names(await registry.getToolDefinitions())).toEqual(all)
  })

  it('the returned array is always fresh; mutating it changes no later result', async () => {
    const { registry } = world()
    const first = await registry.getToolDefinitions()
    first.length = 0
    first.push({ type: 'function', function: { name: 'fake' } })
    const second = await registry.getToolDefinitions()
    expect(second).not.toBe(first)
    expect(names(second)).toEqual(['fetch', 'mcp__gh__issue', 'read', 'search', 'write'])
  })

  it('availability checks apply on a memo hit too', async () => {
    const { registry, clock } = world()
    let up = true
    registry.register(spec('flaky', 'web', { checkFn: () => up }))
    expect(names(await registry.getToolDefinitions())).toContain('flaky')
    up = false
    clock.t = 200_000 // past TTL and grace
    expect(names(await registry.getToolDefinitions())).not.toContain('flaky')
  })
})
