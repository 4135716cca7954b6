import { registerLazy, registerLazyTable, type LazyTable, type ToolSchema } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { setup } from './helpers.js'

const load = async () => ({})
type Params = { properties: Record<string, { type: string; enum?: string[] }>; required?: string[] }
const params = (schema: unknown) => (schema as { parameters: Params }).parameters

/**
 * Two modules: `weather`, then `forecast` and `odd`. `weather` and `forecast` share parameter
 * set 0 (the plugin writes each distinct property pair and parameter set once).
 */
const table = (): LazyTable =>
  JSON.parse(
    JSON.stringify([
      'lazy`2',
      ['web'],
      [
        ['city', { type: 'string', enum: ['Paris', 'Oslo'] }],
        ['units', { type: 'string' }],
        ['__proto__', { type: 'number' }],
      ],
      [
        [[0, 1], [0]],
        [[2], 0],
      ],
      [1, 2],
      ['weather', 'forecast', 'odd'],
      [0, 0, 0],
      ['Weather now', 'Forecast', 'Odd key'],
      [0, 0, 1],
      [],
      // weather's module is named after it; forecast's (which also registers odd) is written out.
      [0, 'tools/forecast.ts'],
      ['tools/', '.ts'],
      ['3:1', '3:1', 0],
    ]),
  )

/** `t` with one more module of one tool: `name`, described `description`, of parameter set [props, required]. */
function withTool(t: LazyTable, name: string, description: string, set: LazyTable[3][number]): LazyTable {
  t[3].push(set)
  t[4].push(1)
  t[5].push(name)
  t[6].push(0)
  t[7].push(description)
  t[8].push(t[3].length - 1)
  t[10].push(`tools/${name}.ts`)
  t[12].push('1:1')
  return t
}

describe('registerLazyTable: schemas shared between rows', () => {
  it('a property schema two rows share is deeply frozen, the same object in both, and not the table’s', () => {
    const { registry } = setup()
    const t = table()
    expect(registerLazyTable(registry, t, load)).toBe(3)
    const a = params(registry.getSchema('weather'))
    const b = params(registry.getSchema('forecast'))
    for (const p of [a, b]) {
      expect(Object.isFrozen(p)).toBe(true)
      expect(Object.isFrozen(p.properties)).toBe(true)
      expect(Object.isFrozen(p.required)).toBe(true)
      expect(Object.isFrozen(p.properties.city)).toBe(true)
      expect(Object.isFrozen(p.properties.city!.enum)).toBe(true)
    }
    expect(a.properties.city).toBe(b.properties.city)
    // Neither entry can change what the other offers.
    expect(() => a.properties.city!.enum!.push('Rome')).toThrow(TypeError)
    expect(() => ((b.properties.city as { type: string }).type = 'number')).toThrow(TypeError)
    expect(() => (a.required as string[]).push('units')).toThrow(TypeError)
    expect(() => ((registry.getSchema('weather') as { description: string }).description = 'x')).toThrow(TypeError)
    // The caller's table stays its own: changing it afterwards changes no entry.
    const pair = t[2][0]![1] as { type: string; enum: string[] }
    expect(pair).not.toBe(a.properties.city)
    expect(Object.isFrozen(pair)).toBe(false)
    pair.enum.push('Rome')
    pair.type = 'number'
    expect(b.properties.city).toEqual({ type: 'string', enum: ['Paris', 'Oslo'] })
    expect(registry.getSchema('forecast')).toEqual({
      description: 'Forecast',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', enum: ['Paris', 'Oslo'] }, units: { type: 'string' } },
        required: ['city'],
      },
    })
  })

  it('rows with the same properties, one requiring the first and one requiring none, keep their own required', () => {
    const { registry } = setup()
    const t = table()
    withTool(withTool(t, 'optional', 'Nothing required', [[0, 1], 0]), 'second', 'Units required', [[0, 1], [1]])
    registerLazyTable(registry, t, load)
    expect(params(registry.getSchema('weather')).required).toEqual(['city'])
    expect('required' in params(registry.getSchema('optional'))).toBe(false)
    expect(params(registry.getSchema('second')).required).toEqual(['units'])
  })

  it('keeps a __proto__ property key as an own, frozen property', () => {
    const { registry } = setup()
    registerLazyTable(registry, table(), load)
    const props = params(registry.getSchema('odd')).properties
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(props, '__proto__')?.value).toEqual({ type: 'number' })
    expect(Object.isFrozen(props)).toBe(true)
  })

  it('announces every placeholder to a listener and bumps the generation once per tool without one', () => {
    const quiet = setup().registry
    registerLazyTable(quiet, table(), load)
    expect(quiet.generation).toBe(3)
    const { registry } = setup()
    const seen: string[] = []
    registry.subscribe(e => seen.push(`${e.type} ${e.name} ${e.generation}`))
    registerLazyTable(registry, table(), load)
    expect(seen).toEqual(['register weather 1', 'register forecast 2', 'register odd 3'])
  })
})

describe('registerLazyTable: modules, whole schemas and extras', () => {
  it('loads the module of each tool by its index, holds an uncommon schema whole and applies a spec’s own description and emoji', async () => {
    const { registry } = setup()
    const t = table()
    // A third module: one tool whose schema is held whole, with its spec's own description and emoji.
    t[4].push(1)
    t[5].push('whole')
    t[6].push(0)
    t[7].push(0)
    t[8].push({ description: 'Schema text', parameters: { type: 'object', additionalProperties: false } })
    t[9].push([3, { description: 'Spec text', emoji: '🧪' }])
    t[10].push(0)
    t[12].push('7:3')
    const loads: number[] = []
    expect(registerLazyTable(registry, t, async m => void loads.push(m))).toBe(4)
    expect(registry.getSchema('whole')).toEqual({
      description: 'Schema text',
      parameters: { type: 'object', additionalProperties: false },
    })
    expect(Object.isFrozen(registry.getSchema('whole')!.parameters)).toBe(true)
    expect(registry.getEntry('whole')).toMatchObject({ description: 'Spec text', emoji: '🧪' })
    expect(registry.getEntry('forecast')).toMatchObject({ description: 'Forecast', emoji: '' })
    // Each dispatch imports its tool's module (the placeholders then report that the module registered nothing).
    for (const name of ['odd', 'weather', 'whole', 'forecast']) await registry.dispatch(name, {})
    expect(loads).toEqual([1, 0, 2])
    // Sources: the module's file and the tool's location; none for a tool whose location is unknown.
    expect(registry.getEntry('whole')?.source).toBe('tools/whole.ts:7:3')
    expect(registry.getEntry('forecast')?.source).toBe('tools/forecast.ts:3:1')
    expect(registry.getEntry('odd')?.source).toBeUndefined()
  })

  it('the real tool its module registers keeps the source the table gave its placeholder; setSources forgets it', async () => {
    const { registry } = setup()
    registry.setSources({ eager: 'tools/eager.ts:1:1' })
    const real = { toolset: 'web', schema: { description: 'Weather now' }, handler: () => 'sunny' }
    registerLazyTable(registry, table(), async m => {
      if (m === 0) registry.register({ name: 'weather', ...real })
    })
    expect(registry.getEntry('weather')?.source).toBe('tools/weather.ts:3:1')
    expect(await registry.dispatch('weather', {})).toBe('sunny')
    expect(registry.getEntry('weather')?.source).toBe('tools/weather.ts:3:1')
    // The table's own names keep the table's source; a new table drops what placeholders added.
    expect(registry.register({ name: 'eager', ...real })?.source).toBe('tools/eager.ts:1:1')
    registry.setSources({})
    expect(registry.register({ name: 'forecast', ...real })?.source).toBeUndefined()
  })
})

describe('registerLazyTable: one placeholder handler for the table', () => {
  it('a refused row (same name, another toolset) does not take the name: its first tool’s module loads', async () => {
    const { registry, log } = setup()
    const t = withTool(table(), 'weather', 'Weather, another toolset', [[0], 0])
    t[1].push('files')
    t[6][t[6].length - 1] = 1
    const loads: number[] = []
    expect(registerLazyTable(registry, t, async m => void loads.push(m))).toBe(3)
    expect(log.of('error')[0]?.text).toContain('REJECTED')
    await registry.dispatch('weather', {})
    expect(loads).toEqual([0])
  })

  it('tools of one table share one handler, and each dispatch still loads its own tool’s module', async () => {
    const { registry } = setup()
    const loads: number[] = []
    registerLazyTable(registry, table(), async m => void loads.push(m))
    expect(registry.getEntry('weather')!.handler).toBe(registry.getEntry('odd')!.handler)
    await Promise.all([
      registry.dispatch('odd', {}),
      registry.dispatch('forecast', {}),
      registry.dispatch('weather', {}),
    ])
    // forecast and odd share module 1: one load.
    expect(loads.sort()).toEqual([0, 1])
    // Called on its own (not on its entry, as dispatch calls it), the handler says how it must be called.
    const detached = registry.getEntry('weather')!.handler
    await expect(detached({}, {})).rejects.toThrow('registry.dispatch')
  })
})

describe('a schema frozen by its author, shallowly, is still copied', () => {
  const shallow = () => {
    const city = { type: 'string', enum: ['Paris'] }
    const schema = Object.freeze({ description: 'd', parameters: { type: 'object', properties: { city } } })
    return { schema, city }
  }

  for (const [how, add] of [
    [
      'register',
      (r: ReturnType<typeof setup>['registry'], schema: ToolSchema) =>
        r.register({ name: 'a', toolset: 't', schema, handler: () => '' }),
    ],
    [
      'registerLazy',
      (r: ReturnType<typeof setup>['registry'], schema: ToolSchema) =>
        registerLazy(r, { name: 'a', toolset: 't', schema, load }),
    ],
  ] as const) {
    it(`by ${how}: its nested objects are not shared`, () => {
      const { registry } = setup()
      const { schema, city } = shallow()
      add(registry, schema)
      const stored = registry.getSchema('a')!
      expect(stored).not.toBe(schema)
      expect(stored.parameters).not.toBe(schema.parameters)
      expect(params(stored).properties.city).not.toBe(city)
      city.enum.push('Oslo')
      city.type = 'number'
      ;(schema.parameters as { type: string }).type = 'array'
      expect(stored).toEqual({
        description: 'd',
        parameters: { type: 'object', properties: { city: { type: 'string', enum: ['Paris'] } } },
      })
      expect(Object.isFrozen(params(stored).properties.city!.enum)).toBe(true)
    })
  }
})
