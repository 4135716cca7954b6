import { registerLazy, type RegistryEvent, type SourceTable, type SourceVersion } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

describe('setSources: the build table of name -> source', () => {
  it('gives register its source, meta.source first, and never bumps the generation', () => {
    const { registry } = setup()
    const table: SourceTable = { a: 'tools/a.ts:3:1', b: 'tools/b.ts:7:5' }
    registry.setSources(table)
    expect(registry.generation).toBe(0)
    expect(registry.register(spec('a'))?.source).toBe('tools/a.ts:3:1')
    expect(registry.register(spec('b'), { source: 'tools/other.ts:1:1' })?.source).toBe('tools/other.ts:1:1')
    expect(registry.register(spec('c'))?.source).toBeUndefined()
    expect(registry.generation).toBe(3)
  })

  it('replaces the previous table, and is a copy (a later change to the object does nothing)', () => {
    const { registry } = setup()
    const first: Record<string, string> = { a: 'tools/a.ts:1:1', b: 'tools/b.ts:1:1' }
    registry.setSources(first)
    registry.setSources({ a: 'tools/moved.ts:2:1' })
    first.c = 'tools/c.ts:1:1'
    expect(registry.register(spec('a'))?.source).toBe('tools/moved.ts:2:1')
    expect(registry.register(spec('b'))?.source).toBeUndefined()
    expect(registry.register(spec('c'))?.source).toBeUndefined()
  })

  it('looks names up as own properties only: __proto__, constructor and toString are ordinary names', () => {
    const { registry } = setup()
    registry.setSources(JSON.parse('{"__proto__":"tools/p.ts:1:1"}'))
    expect(registry.register(spec('__proto__'))?.source).toBe('tools/p.ts:1:1')
    expect(registry.register(spec('constructor'))?.source).toBeUndefined()
    expect(registry.register(spec('toString'))?.source).toBeUndefined()
    expect(registry.register(spec('hasOwnProperty'))?.source).toBeUndefined()
  })

  it('a conflict log names the file of the rejected registration', () => {
    const { registry, log } = setup()
    registry.setSources({ x: 'tools/second.ts:4:1' })
    registry.register(spec('x', 'web'), { source: 'tools/first.ts:1:1' })
    expect(registry.register(spec('x', 'files'))).toBeUndefined()
    expect(log.of('error')[0].text).toContain('tools/second.ts:4:1')
  })
})

describe('beginSource / endSource', () => {
  it('returns the names registered in between, sorted, and removes nothing on a first version', () => {
    const { registry } = setup()
    registry.beginSource('tools/a.ts')
    registry.register(spec('zeta'))
    registry.register(spec('alpha'))
    registry.register(spec('alpha')) // twice: listed once
    expect(registry.endSource('tools/a.ts')).toEqual({ registered: ['alpha', 'zeta'], removed: [] })
    expect(registry.getAllToolNames()).toEqual(['alpha', 'zeta'])
  })

  it('a new version removes what the previous one registered and this one did not (replace semantics)', () => {
    const { registry } = setup()
    const events: RegistryEvent[] = []
    registry.beginSource('tools/a.ts')
    registry.register(spec('keep'))
    registry.register(spec('gone'))
    registry.endSource('tools/a.ts')
    registry.subscribe(e => void events.push(e))
    const before = registry.generation
    registry.beginSource('tools/a.ts')
    const kept = registry.register(spec('keep'))
    registry.register(spec('new'))
    const v: SourceVersion = registry.endSource('tools/a.ts')
    expect(v).toEqual({ registered: ['keep', 'new'], removed: ['gone'] })
    expect(registry.getAllToolNames()).toEqual(['keep', 'new'])
    expect(registry.getEntry('keep')).toBe(kept)
    // The removal is an ordinary deregister: one bump, one event.
    expect(registry.generation).toBe(before + 3)
    expect(events.map(e => `${e.type}:${e.name}:${e.generation}`)).toEqual([
      `register:keep:${before + 1}`,
      `register:new:${before + 2}`,
      `deregister:gone:${before + 3}`,
    ])
  })

  it('compares with the previous COMPLETED version only, and an empty version removes everything it had', () => {
    const { registry } = setup()
    registry.beginSource('a.ts')
    registry.register(spec('one'))
    registry.register(spec('two'))
    registry.endSource('a.ts')
    registry.beginSource('a.ts')
    registry.register(spec('two'))
    expect(registry.endSource('a.ts')).toEqual({ registered: ['two'], removed: ['one'] })
    registry.beginSource('a.ts')
    expect(registry.endSource('a.ts')).toEqual({ registered: [], removed: ['two'] })
    expect(registry.getAllToolNames()).toEqual([])
    // Nothing left to compare with.
    registry.beginSource('a.ts')
    expect(registry.endSource('a.ts')).toEqual({ registered: [], removed: [] })
  })

  it('leaves alone a tool since taken over by another file', () => {
    const { registry } = setup()
    registry.beginSource('tools/a.ts')
    registry.register(spec('shared'))
    registry.register(spec('mine'))
    registry.endSource('tools/a.ts')
    registry.beginSource('tools/b.ts')
    const theirs = registry.register(spec('shared'))
    registry.endSource('tools/b.ts')
    registry.beginSource('tools/a.ts')
    expect(registry.endSource('tools/a.ts')).toEqual({ registered: [], removed: ['mine'] })
    expect(registry.getEntry('shared')).toBe(theirs)
  })

  it('a rejected registration neither counts as registered nor takes the tool over', () => {
    const { registry } = setup()
    registry.beginSource('tools/a.ts')
    registry.register(spec('x', 'web'))
    registry.endSource('tools/a.ts')
    registry.beginSource('tools/b.ts')
    expect(registry.register(spec('x', 'files'))).toBeUndefined() // row 4
    expect(registry.endSource('tools/b.ts')).toEqual({ registered: [], removed: [] })
    registry.beginSource('tools/a.ts')
    expect(registry.endSource('tools/a.ts')).toEqual({ registered: [], removed: ['x'] })
  })

  it('does not remove a tool deregistered meanwhile (nothing to remove, no event)', () => {
    const { registry } = setup()
    registry.beginSource('a.ts')
    registry.register(spec('t'))
    registry.endSource('a.ts')
    registry.deregister('t')
    const g = registry.generation
    registry.beginSource('a.ts')
    expect(registry.endSource('a.ts')).toEqual({ registered: [], removed: [] })
    expect(registry.generation).toBe(g)
  })

  it('is a stack: registrations go to the innermost open file, and an end pops back to its file', () => {
    const { registry } = setup()
    registry.beginSource('outer.ts')
    registry.register(spec('o1'))
    registry.beginSource('inner.ts')
    registry.register(spec('i1'))
    expect(registry.endSource('inner.ts')).toEqual({ registered: ['i1'], removed: [] })
    registry.register(spec('o2'))
    // An inner file left open (its module threw) is closed by its outer file's end.
    registry.beginSource('broken.ts')
    registry.register(spec('b1'))
    expect(registry.endSource('outer.ts')).toEqual({ registered: ['o1', 'o2'], removed: [] })
    registry.register(spec('after'))
    expect(registry.endSource('broken.ts')).toEqual({ registered: [], removed: [] }) // no longer open
    // 'after' had no open file: a later version of outer.ts does not own it.
    registry.beginSource('outer.ts')
    expect(registry.endSource('outer.ts')).toEqual({ registered: [], removed: ['o1', 'o2'] })
    expect(registry.getAllToolNames()).toEqual(['after', 'b1', 'i1'])
  })

  it('a begin of a file already open restarts it (what it registered so far no longer counts)', () => {
    const { registry } = setup()
    registry.beginSource('a.ts')
    registry.register(spec('old'))
    registry.endSource('a.ts')
    registry.beginSource('a.ts')
    registry.register(spec('half'))
    registry.beginSource('nested.ts')
    registry.beginSource('a.ts') // restart: drops the partial run and the file opened after it
    registry.register(spec('fresh'))
    expect(registry.endSource('a.ts')).toEqual({ registered: ['fresh'], removed: ['old'] })
    expect(registry.endSource('nested.ts')).toEqual({ registered: [], removed: [] })
    expect(registry.getAllToolNames()).toEqual(['fresh', 'half'])
  })

  it('an end without a begin changes nothing', () => {
    const { registry } = setup()
    registry.beginSource('a.ts')
    registry.register(spec('t'))
    registry.endSource('a.ts')
    expect(registry.endSource('a.ts')).toEqual({ registered: [], removed: [] })
    expect(registry.has('t')).toBe(true)
  })

  it('attributes forPlugin registrations too', () => {
    const { registry } = setup()
    const scope = registry.forPlugin('acme')
    registry.beginSource('plugins/acme.ts')
    scope.register(spec('p1', 'acme'))
    scope.register(spec('p2', 'acme'))
    expect(registry.endSource('plugins/acme.ts')).toEqual({ registered: ['p1', 'p2'], removed: [] })
    registry.beginSource('plugins/acme.ts')
    scope.register(spec('p2', 'acme'))
    expect(registry.endSource('plugins/acme.ts')).toEqual({ registered: ['p2'], removed: ['p1'] })
    expect(registry.getAllToolNames()).toEqual(['p2'])
  })

  it('attributes registerLazy placeholders too', () => {
    const { registry } = setup()
    registry.beginSource('virtual:lazy')
    registerLazy(registry, { name: 'later', toolset: 'l', schema: {}, load: async () => {} })
    expect(registry.endSource('virtual:lazy')).toEqual({ registered: ['later'], removed: [] })
  })

  it('with no open file, a registration belongs to the file part of its source', () => {
    const { registry } = setup()
    const version1 = (file: string, names: string[]) => {
      registry.beginSource(file)
      for (const n of names) registry.register(spec(n))
      registry.endSource(file)
    }
    version1('tools/a.ts', ['fromTable', 'fromMeta', 'toB', 'unsourced'])
    version1('tools/we:ird.ts', ['odd:name'])
    // Re-registered outside any begin/end (a module the build imports without verify).
    registry.setSources({ fromTable: 'tools/a.ts:3:1', 'odd:name': 'tools/we:ird.ts:10:2', toB: 'tools/b.ts:1:1' })
    registry.register(spec('fromTable'))
    registry.register(spec('fromMeta'), { source: 'tools/a.ts:9:1' })
    registry.register(spec('odd:name'))
    registry.register(spec('toB'))
    registry.register(spec('unsourced'))
    registry.beginSource('tools/a.ts')
    expect(registry.endSource('tools/a.ts')).toEqual({ registered: [], removed: ['fromMeta', 'fromTable'] })
    registry.beginSource('tools/we:ird.ts')
    expect(registry.endSource('tools/we:ird.ts').removed).toEqual(['odd:name'])
    expect(registry.getAllToolNames()).toEqual(['toB', 'unsourced'])
  })

  it('a version that throws is closed by ending the source opened before it: nothing removed, later registrations not its own', () => {
    // What the dev server's tool-module header does (docs/architecture.md, "Dev server"):
    // a guard source, then the file's; a version that throws never reaches its own end.
    const { registry } = setup()
    const guard = '\0tools/a.ts'
    const version = (names: string[], throws: boolean) => {
      registry.beginSource(guard)
      registry.beginSource('tools/a.ts')
      for (const n of names) registry.register(spec(n))
      if (throws) return registry.endSource(guard)
      const done = registry.endSource('tools/a.ts')
      registry.endSource(guard)
      return done
    }
    expect(version(['a', 'b'], false)).toEqual({ registered: ['a', 'b'], removed: [] })
    // Throws after registering `c`: `a` and `b` of the last completed version stay, `c` too.
    expect(version(['c'], true)).toEqual({ registered: [], removed: [] })
    expect(registry.getAllToolNames()).toEqual(['a', 'b', 'c'])
    // Closed: a registration now belongs to no open file, and ending the file changes nothing.
    registry.register(spec('late'))
    expect(registry.endSource('tools/a.ts')).toEqual({ registered: [], removed: [] })
    expect(registry.getAllToolNames()).toEqual(['a', 'b', 'c', 'late'])
    // The next completed version compares with the last completed one (a, b): b goes, c stays.
    expect(version(['a'], false)).toEqual({ registered: ['a'], removed: ['b'] })
    expect(registry.getAllToolNames()).toEqual(['a', 'c', 'late'])
  })

  it('a file name is a non-empty string', () => {
    const { registry } = setup()
    expect(() => registry.beginSource('')).toThrow(TypeError)
    expect(() => registry.beginSource(undefined as unknown as string)).toThrow(TypeError)
  })
})
