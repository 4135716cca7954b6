import type { RegistryEvent } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

describe('generation and change events', () => {
  it('starts at 0 and bumps exactly on register, actual deregister and alias registration', () => {
    const { registry } = setup()
    expect(registry.generation).toBe(0)
    registry.register(spec('a', 'web'))
    expect(registry.generation).toBe(1)
    registry.register(spec('a', 'web')) // row 2
    expect(registry.generation).toBe(2)
    registry.register(spec('a', 'files')) // row 4: rejected
    expect(registry.generation).toBe(2)
    registry.registerToolsetAlias('w', 'web')
    expect(registry.generation).toBe(3)
    registry.registerToolsetAlias('w', 'web') // unchanged alias still counts
    expect(registry.generation).toBe(4)
    expect(registry.deregister('nope')).toBe(false)
    expect(registry.generation).toBe(4)
    expect(registry.deregister('a')).toBe(true)
    expect(registry.generation).toBe(5)
    registry.registerPluginOverridePolicy('p', true)
    expect(registry.generation).toBe(5)
  })

  it('listeners get each event synchronously after the bump, in subscription order', () => {
    const { registry } = setup()
    const seen: string[] = []
    const events: RegistryEvent[] = []
    registry.subscribe(e => {
      seen.push(`first:${e.type}:${e.generation}:${registry.generation}`)
      events.push(e)
    })
    registry.subscribe(e => void seen.push(`second:${e.type}:${e.generation}`))
    registry.register(spec('a', 'web'))
    expect(seen).toEqual(['first:register:1:1', 'second:register:1'])
    registry.registerToolsetAlias('w', 'web')
    registry.deregister('a')
    expect(events).toEqual([
      { type: 'register', name: 'a', toolset: 'web', generation: 1 },
      { type: 'alias', name: 'w', toolset: 'web', generation: 2 },
      { type: 'deregister', name: 'a', toolset: 'web', generation: 3 },
    ])
  })

  it('unsubscribe stops the events for that listener only', () => {
    const { registry } = setup()
    const a: number[] = []
    const b: number[] = []
    const offA = registry.subscribe(e => void a.push(e.generation))
    registry.subscribe(e => void b.push(e.generation))
    registry.register(spec('x'))
    offA()
    offA()
    registry.register(spec('y'))
    expect(a).toEqual([1])
    expect(b).toEqual([1, 2])
  })

  it('the same function subscribed twice is called twice and unsubscribed separately', () => {
    const { registry } = setup()
    let n = 0
    const fn = () => void n++
    const off1 = registry.subscribe(fn)
    registry.subscribe(fn)
    registry.register(spec('x'))
    expect(n).toBe(2)
    off1()
    registry.register(spec('y'))
    expect(n).toBe(3)
  })

  it('a throwing listener is logged and affects neither the registry nor the other listeners', () => {
    const { registry, log } = setup()
    const later: number[] = []
    registry.subscribe(() => {
      throw new Error('listener boom')
    })
    registry.subscribe(e => void later.push(e.generation))
    const entry = registry.register(spec('a'))
    expect(entry?.name).toBe('a')
    expect(registry.has('a')).toBe(true)
    expect(registry.generation).toBe(1)
    expect(later).toEqual([1])
    expect(log.of('error')).toHaveLength(1)
    expect(log.of('error')[0].text).toContain('listener boom')
  })

  it('a listener may register from inside an event', () => {
    const { registry } = setup()
    registry.subscribe(e => {
      if (e.name === 'a') registry.register(spec('b'))
    })
    registry.register(spec('a'))
    expect(registry.getAllToolNames()).toEqual(['a', 'b'])
    expect(registry.generation).toBe(2)
  })

  it('subscribe needs a function', () => {
    const { registry } = setup()
    expect(() => registry.subscribe('x' as never)).toThrow(TypeError)
  })
})
