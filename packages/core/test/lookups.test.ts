import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

describe('lookups', () => {
  it('getEntry, has, getSchema, getToolsetForTool', () => {
    const { registry } = setup()
    const entry = registry.register(spec('a', 'web'))!
    expect(registry.getEntry('a')).toBe(entry)
    expect(registry.has('a')).toBe(true)
    expect(registry.has('b')).toBe(false)
    expect(registry.getSchema('a')).toBe(entry.schema)
    expect(registry.getSchema('b')).toBeUndefined()
    expect(registry.getToolsetForTool('a')).toBe('web')
    expect(registry.getToolsetForTool('b')).toBeUndefined()
  })

  it('getEmoji: the entry’s emoji, else the fallback; empty counts as unset', () => {
    const { registry } = setup()
    registry.register(spec('a', 't', { emoji: '🔎' }))
    registry.register(spec('b', 't'))
    registry.register(spec('c', 't', { emoji: '' }))
    expect(registry.getEmoji('a')).toBe('🔎')
    expect(registry.getEmoji('b')).toBe('⚡')
    expect(registry.getEmoji('c', '*')).toBe('*')
    expect(registry.getEmoji('unknown')).toBe('⚡')
  })

  it('getMaxResultSize: the entry’s value, else the fallback, else 100 000', () => {
    const { registry } = setup()
    registry.register(spec('a', 't', { maxResultSizeChars: 10 }))
    registry.register(spec('b', 't'))
    registry.register(spec('inf', 't', { maxResultSizeChars: Infinity }))
    expect(registry.getMaxResultSize('a', 5)).toBe(10)
    expect(registry.getMaxResultSize('b', 5)).toBe(5)
    expect(registry.getMaxResultSize('b')).toBe(100_000)
    expect(registry.getMaxResultSize('unknown')).toBe(100_000)
    expect(registry.getMaxResultSize('inf')).toBe(Infinity)
  })

  it('name lists are sorted by UTF-16 code units, not locale', () => {
    const { registry } = setup()
    const names = ['b', 'B', 'a', 'é', 'Z', '_x', '😀', 'ﬀ', '10', '9']
    names.forEach((n, i) => registry.register(spec(n, i % 2 ? 'odd' : 'even')))
    const expected = [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    expect(registry.getAllToolNames()).toEqual(expected)
    expect(registry.getAllToolNames()).toEqual(['10', '9', 'B', 'Z', '_x', 'a', 'b', 'é', '😀', 'ﬀ'])
    expect(registry.getRegisteredToolsetNames()).toEqual(['even', 'odd'])
    expect(registry.getToolNamesForToolset('even')).toEqual(expected.filter(n => names.indexOf(n) % 2 === 0))
  })

  it('getRegisteredToolsetNames is sorted and unique; getToolNamesForToolset of an unknown toolset is []', () => {
    const { registry } = setup()
    registry.register(spec('x', 'zeta'))
    registry.register(spec('y', 'alpha'))
    registry.register(spec('z', 'zeta'))
    expect(registry.getRegisteredToolsetNames()).toEqual(['alpha', 'zeta'])
    expect(registry.getToolNamesForToolset('zeta')).toEqual(['x', 'z'])
    expect(registry.getToolNamesForToolset('nope')).toEqual([])
  })

  it('getToolToToolsetMap and snapshot follow registration order and are copies', () => {
    const { registry } = setup()
    registry.register(spec('b', 't1'))
    registry.register(spec('a', 't2'))
    const map = registry.getToolToToolsetMap()
    expect(map).toBeInstanceOf(Map)
    expect([...map]).toEqual([
      ['b', 't1'],
      ['a', 't2'],
    ])
    map.set('c', 'x')
    const snap = registry.snapshot()
    expect(snap.map(e => e.name)).toEqual(['b', 'a'])
    snap.pop()
    expect(registry.snapshot()).toHaveLength(2)
    expect(registry.has('c')).toBe(false)
  })

  it('deregister of an unknown name: false, no log, no generation change', () => {
    const { registry, log } = setup()
    expect(registry.deregister('nope')).toBe(false)
    expect(registry.generation).toBe(0)
    expect(log.calls).toEqual([])
  })
})

describe('toolsets and aliases', () => {
  function world() {
    const s = setup()
    s.registry.register(spec('read', 'files'))
    s.registry.register(spec('write', 'files'))
    s.registry.register(spec('search', 'web'))
    return s
  }

  it('registerToolsetAlias, getToolsetAliasTarget and a copy of all aliases', () => {
    const { registry } = world()
    registry.registerToolsetAlias('fs', 'files')
    expect(registry.getToolsetAliasTarget('fs')).toBe('files')
    expect(registry.getToolsetAliasTarget('nope')).toBeUndefined()
    const copy = registry.getRegisteredToolsetAliases()
    expect(copy).toEqual({ fs: 'files' })
    copy.fs = 'web'
    expect(registry.getToolsetAliasTarget('fs')).toBe('files')
  })

  it('re-pointing an alias logs a warning; registering it unchanged does not', () => {
    const { registry, log } = world()
    registry.registerToolsetAlias('x', 'files')
    registry.registerToolsetAlias('x', 'files')
    expect(log.of('warn')).toEqual([])
    registry.registerToolsetAlias('x', 'web')
    expect(log.of('warn')).toHaveLength(1)
    expect(log.of('warn')[0].text).toContain('x')
    expect(registry.resolveToolset('x')).toEqual(['search'])
  })

  it('resolveToolset: all and * mean every tool; a toolset; an alias; unknown is []', () => {
    const { registry } = world()
    registry.registerToolsetAlias('fs', 'files')
    expect(registry.resolveToolset('all')).toEqual(['read', 'search', 'write'])
    expect(registry.resolveToolset('*')).toEqual(['read', 'search', 'write'])
    expect(registry.resolveToolset('files')).toEqual(['read', 'write'])
    expect(registry.resolveToolset('fs')).toEqual(['read', 'write'])
    expect(registry.resolveToolset('nope')).toEqual([])
  })

  it('precedence: all/* before a real toolset named so, a real toolset before an alias', () => {
    const { registry } = world()
    registry.register(spec('x', 'all'))
    expect(registry.resolveToolset('all')).toEqual(['read', 'search', 'write', 'x'])
    registry.registerToolsetAlias('web', 'files')
    expect(registry.resolveToolset('web')).toEqual(['search'])
    registry.registerToolsetAlias('all', 'files')
    expect(registry.resolveToolset('all')).toHaveLength(4)
  })

  it('aliases resolve one hop only', () => {
    const { registry } = world()
    registry.registerToolsetAlias('a1', 'files')
    registry.registerToolsetAlias('a2', 'a1')
    expect(registry.resolveToolset('a2')).toEqual([])
  })

  it('methods taking a toolset accept an alias', async () => {
    const { registry } = world()
    registry.registerToolsetAlias('fs', 'files')
    expect(registry.getToolNamesForToolset('fs')).toEqual(['read', 'write'])
    expect(await registry.isToolsetAvailable('fs')).toBe(true)
    const defs = await registry.getToolDefinitions({ enabledToolsets: ['fs'] })
    expect(defs.map(d => d.function.name)).toEqual(['read', 'write'])
  })

  it('an alias may point at a toolset before its first tool registers', () => {
    const { registry } = world()
    registry.registerToolsetAlias('later', 'mcp-later')
    expect(registry.resolveToolset('later')).toEqual([])
    registry.register(spec('t', 'mcp-later'))
    expect(registry.resolveToolset('later')).toEqual(['t'])
  })

  it('deregistering the last tool of a toolset drops every alias pointing at it', () => {
    const { registry } = world()
    registry.registerToolsetAlias('fs', 'files')
    registry.registerToolsetAlias('disk', 'files')
    registry.registerToolsetAlias('net', 'web')
    registry.deregister('read')
    expect(registry.getToolsetAliasTarget('fs')).toBe('files')
    registry.deregister('write')
    expect(registry.getToolsetAliasTarget('fs')).toBeUndefined()
    expect(registry.getToolsetAliasTarget('disk')).toBeUndefined()
    expect(registry.getRegisteredToolsetAliases()).toEqual({ net: 'web' })
    expect(registry.getRegisteredToolsetNames()).toEqual(['web'])
    registry.register(spec('read', 'files'))
    expect(registry.resolveToolset('fs')).toEqual([])
  })

  it('alias arguments must be non-empty strings', () => {
    const { registry } = world()
    expect(() => registry.registerToolsetAlias('', 'files')).toThrow(TypeError)
    expect(() => registry.registerToolsetAlias('x', 3 as never)).toThrow(TypeError)
    expect(registry.generation).toBe(3)
  })
})
