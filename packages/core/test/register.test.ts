import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

describe('register: the decision table', () => {
  it('row 1: a new name is stored and bumps the generation, no log', () => {
    const { registry, log } = setup()
    const entry = registry.register(spec('a', 'web'))
    expect(entry?.name).toBe('a')
    expect(registry.getEntry('a')).toBe(entry)
    expect(registry.generation).toBe(1)
    expect(log.calls).toEqual([])
  })

  it('row 2: same toolset replaces silently, keeping the registration position', () => {
    const { registry, log } = setup()
    registry.register(spec('a', 'web'))
    registry.register(spec('b', 'web'))
    const handler = () => 'new'
    const entry = registry.register(spec('a', 'web', { handler }))
    expect(registry.getEntry('a')).toBe(entry)
    expect(registry.getEntry('a')?.handler).toBe(handler)
    expect(registry.snapshot().map(e => e.name)).toEqual(['a', 'b'])
    expect(registry.generation).toBe(3)
    expect(log.calls).toEqual([])
  })

  it('row 3: mcp- toolset to another mcp- toolset replaces with a debug log', () => {
    const { registry, log } = setup()
    registry.register(spec('x', 'mcp-one'))
    const entry = registry.register(spec('x', 'mcp-two'))
    expect(entry?.toolset).toBe('mcp-two')
    expect(registry.getToolsetForTool('x')).toBe('mcp-two')
    expect(registry.generation).toBe(2)
    expect(log.of('debug')).toHaveLength(1)
    expect(log.of('debug')[0].text).toContain('x')
    expect(log.calls.filter(c => c.level !== 'debug')).toEqual([])
  })

  it('row 3 applies whatever override says', () => {
    const { registry, log } = setup()
    registry.register(spec('x', 'mcp-one'))
    expect(registry.register(spec('x', 'mcp-two', { override: true }))?.toolset).toBe('mcp-two')
    expect(log.of('debug')).toHaveLength(1)
  })

  it('row 4: another toolset without override is rejected with an error log; nothing changes', () => {
    const { registry, log } = setup()
    const first = registry.register(spec('search', 'web'))
    const before = registry.generation
    const result = registry.register(spec('search', 'files'))
    expect(result).toBeUndefined()
    expect(registry.getEntry('search')).toBe(first)
    expect(registry.generation).toBe(before)
    const [err] = log.of('error')
    expect(log.of('error')).toHaveLength(1)
    expect(err.text).toContain('REJECTED')
    expect(err.text).toContain('search')
    expect(err.text).toContain('web')
    expect(err.text).toContain('files')
  })

  it('row 4 also holds when only one side is mcp-', () => {
    const { registry, log } = setup()
    registry.register(spec('t', 'mcp-srv'))
    expect(registry.register(spec('t', 'web'))).toBeUndefined()
    expect(registry.getToolsetForTool('t')).toBe('mcp-srv')
    expect(log.of('error')[0].text).toContain('REJECTED')
  })

  it('row 4 names the source file the build plugin supplied', () => {
    const { registry, log } = setup()
    registry.register(spec('s', 'web'))
    registry.register(spec('s', 'other'), { source: 'tools/s.ts:3:1' })
    expect(log.of('error')[0].text).toContain('tools/s.ts:3:1')
  })

  it('row 5: another toolset with override replaces with an info log "overriding", keeping position', () => {
    const { registry, log } = setup()
    registry.register(spec('a', 'web'))
    registry.register(spec('b', 'web'))
    const entry = registry.register(spec('a', 'custom', { override: true }))
    expect(entry?.toolset).toBe('custom')
    expect(registry.snapshot().map(e => e.name)).toEqual(['a', 'b'])
    expect(registry.generation).toBe(3)
    expect(log.of('info')).toHaveLength(1)
    expect(log.of('info')[0].text).toContain('overriding')
    expect(log.of('error')).toEqual([])
  })

  it('a replacement moving the last tool out of a toolset drops the aliases pointing at it', () => {
    const { registry } = setup()
    registry.register(spec('a', 'mcp-one'))
    registry.registerToolsetAlias('one', 'mcp-one')
    registry.registerToolsetAlias('other', 'mcp-two')
    registry.register(spec('a', 'mcp-two'))
    expect(registry.getToolsetAliasTarget('one')).toBeUndefined()
    expect(registry.getToolsetAliasTarget('other')).toBe('mcp-two')
    expect(registry.resolveToolset('one')).toEqual([])
  })

  it('a replacement that leaves tools in the old toolset keeps its aliases', () => {
    const { registry } = setup()
    registry.register(spec('a', 'mcp-one'))
    registry.register(spec('b', 'mcp-one'))
    registry.registerToolsetAlias('one', 'mcp-one')
    registry.register(spec('a', 'mcp-two'))
    expect(registry.resolveToolset('one')).toEqual(['b'])
  })
})

describe('register: the stored entry', () => {
  it('fills the defaults and drops override', () => {
    const { registry } = setup()
    const entry = registry.register(spec('a', 'web', { override: true }))!
    expect(entry).toMatchObject({
      name: 'a',
      toolset: 'web',
      requiresEnv: [],
      isAsync: false,
      description: 'a tool',
      emoji: '',
    })
    expect('override' in entry).toBe(false)
    expect(entry.owner).toBeUndefined()
    expect(entry.source).toBeUndefined()
  })

  it('keeps explicit fields and the source', () => {
    const { registry } = setup()
    const checkFn = () => true
    const dynamicSchemaOverrides = () => ({})
    const entry = registry.register(
      spec('a', 'web', {
        checkFn,
        dynamicSchemaOverrides,
        requiresEnv: ['K'],
        isAsync: true,
        description: 'D',
        emoji: '🔎',
        maxResultSizeChars: Infinity,
      }),
      { source: 'tools/a.ts:1:1' },
    )!
    expect(entry).toMatchObject({
      checkFn,
      dynamicSchemaOverrides,
      requiresEnv: ['K'],
      isAsync: true,
      description: 'D',
      emoji: '🔎',
      maxResultSizeChars: Infinity,
      source: 'tools/a.ts:1:1',
    })
  })

  it('description defaults to empty when the schema has none', () => {
    const { registry } = setup()
    expect(registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '' })?.description).toBe('')
  })

  it('is frozen, with its own frozen copy of requiresEnv', () => {
    const { registry } = setup()
    const env = ['A']
    const entry = registry.register(spec('a', 'web', { requiresEnv: env }))!
    expect(Object.isFrozen(entry)).toBe(true)
    expect(Object.isFrozen(entry.requiresEnv)).toBe(true)
    env.push('B')
    expect(registry.getEntry('a')?.requiresEnv).toEqual(['A'])
  })

  it('stores a deep-frozen copy of the schema: later mutation of the original changes nothing', () => {
    const { registry } = setup()
    const schema = {
      description: 'd',
      parameters: { type: 'object', properties: { q: { type: 'string', enum: ['x'] } } },
    }
    registry.register({ name: 'a', toolset: 't', schema, handler: () => '' })
    schema.description = 'changed'
    schema.parameters.properties.q.enum.push('y')
    const stored = registry.getSchema('a')!
    expect(stored).not.toBe(schema)
    expect(stored.description).toBe('d')
    expect(stored).toEqual({
      description: 'd',
      parameters: { type: 'object', properties: { q: { type: 'string', enum: ['x'] } } },
    })
    expect(Object.isFrozen(stored)).toBe(true)
    expect(Object.isFrozen(stored.parameters)).toBe(true)
    const q = (stored.parameters as { properties: { q: { enum: string[] } } }).properties.q
    expect(Object.isFrozen(q.enum)).toBe(true)
    expect(() => q.enum.push('z')).toThrow(TypeError)
  })

  it('keeps a __proto__ key of a JSON schema as an own property of the copy', () => {
    const { registry } = setup()
    const schema = JSON.parse('{"parameters":{"type":"object","properties":{"__proto__":{"type":"string"}}}}')
    registry.register({ name: 'a', toolset: 't', schema, handler: () => '' })
    const props = (registry.getSchema('a')!.parameters as { properties: object }).properties
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype)
    expect(Object.hasOwn(props, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(props, '__proto__')?.value).toEqual({ type: 'string' })
  })
})

describe('register: programming errors throw TypeError at once', () => {
  const base = () => spec('ok', 'web')
  const cases: [string, Record<string, unknown>][] = [
    ['empty name', { name: '' }],
    ['non-string name', { name: 42 }],
    ['missing toolset', { toolset: undefined }],
    ['empty toolset', { toolset: '' }],
    ['array schema', { schema: [] }],
    ['null schema', { schema: null }],
    ['class-instance schema', { schema: new Map() }],
    ['string schema', { schema: 'x' }],
    ['missing handler', { handler: undefined }],
    ['string handler', { handler: 'fn' }],
    ['non-function checkFn', { checkFn: true }],
    ['non-function dynamicSchemaOverrides', { dynamicSchemaOverrides: {} }],
    ['requiresEnv not an array', { requiresEnv: 'KEY' }],
    ['requiresEnv with a number', { requiresEnv: ['A', 1] }],
    ['string maxResultSizeChars', { maxResultSizeChars: '10' }],
    ['NaN maxResultSizeChars', { maxResultSizeChars: NaN }],
  ]
  for (const [label, patch] of cases) {
    it(label, () => {
      const { registry, log } = setup()
      expect(() => registry.register({ ...base(), ...patch } as never)).toThrow(TypeError)
      expect(registry.has('ok')).toBe(false)
      expect(registry.generation).toBe(0)
      expect(log.calls).toEqual([])
    })
  }

  it('a spec that is not an object', () => {
    const { registry } = setup()
    expect(() => registry.register(undefined as never)).toThrow(TypeError)
    expect(() => registry.register('tool' as never)).toThrow(TypeError)
  })

  it('a TypeError even where the name would replace an existing tool', () => {
    const { registry } = setup()
    const first = registry.register(spec('a'))
    expect(() => registry.register({ ...spec('a'), handler: null } as never)).toThrow(TypeError)
    expect(registry.getEntry('a')).toBe(first)
  })

  it('Infinity and 0 are valid limits', () => {
    const { registry } = setup()
    expect(registry.register(spec('a', 't', { maxResultSizeChars: Infinity }))?.maxResultSizeChars).toBe(Infinity)
    expect(registry.register(spec('b', 't', { maxResultSizeChars: 0 }))?.maxResultSizeChars).toBe(0)
  })
})

describe('hostile names are ordinary names', () => {
  const hostile = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x'.repeat(10_000)]

  it('register, look up, dispatch and deregister them without touching a prototype', async () => {
    const { registry } = setup()
    for (const n of hostile) registry.register(spec(n, n, { handler: () => `hi ${n.length}` }))
    expect(registry.getAllToolNames()).toEqual([...hostile].sort())
    for (const n of hostile) {
      expect(registry.has(n)).toBe(true)
      expect(registry.getToolsetForTool(n)).toBe(n)
      expect(await registry.dispatch(n, {})).toBe(`hi ${n.length}`)
    }
    expect(registry.has('valueOf')).toBe(false)
    expect(registry.getEntry('valueOf')).toBeUndefined()
    expect(await registry.dispatch('valueOf', {})).toBe('{"error":"Unknown tool: valueOf"}')
    expect(({} as Record<string, unknown>).name).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('toolset')
    for (const n of hostile) expect(registry.deregister(n)).toBe(true)
    expect(registry.getAllToolNames()).toEqual([])
  })

  it('objects keyed by toolset or alias names hold __proto__ as an own data property', async () => {
    const { registry } = setup()
    registry.register(spec('a', '__proto__'))
    registry.register(spec('b', 'constructor'))
    registry.registerToolsetAlias('__proto__', 'constructor')
    const reqs = await registry.checkToolsetRequirements()
    expect(Object.getPrototypeOf(reqs)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(reqs, '__proto__')?.value).toBe(true)
    expect(Object.keys(reqs)).toEqual(['__proto__', 'constructor'])
    const sets = await registry.getAvailableToolsets()
    expect(Object.getOwnPropertyDescriptor(sets, '__proto__')?.value).toEqual({
      available: true,
      tools: ['a'],
      requirements: [],
    })
    const aliases = registry.getRegisteredToolsetAliases()
    expect(Object.getOwnPropertyDescriptor(aliases, '__proto__')?.value).toBe('constructor')
    expect(Object.getPrototypeOf(aliases)).toBe(Object.prototype)
  })

  it('a toolset named __proto__ wins over the alias of the same name (real toolset first)', () => {
    const { registry } = setup()
    registry.register(spec('a', '__proto__'))
    registry.register(spec('b', 'other'))
    registry.registerToolsetAlias('__proto__', 'other')
    expect(registry.resolveToolset('__proto__')).toEqual(['a'])
  })
})
