import { ToolRegistry } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { recordingLogger, spec } from './helpers.js'

describe('options and configure()', () => {
  it('the default logger is console', () => {
    expect(new ToolRegistry().logger).toBe(console)
  })

  it('the logger getter returns the logger in use, also after configure()', () => {
    const a = recordingLogger().logger
    const b = recordingLogger().logger
    const registry = new ToolRegistry({ logger: a })
    expect(registry.logger).toBe(a)
    expect(registry.configure({ logger: b })).toBe(registry)
    expect(registry.logger).toBe(b)
  })

  it('logs go to the configured logger', () => {
    const first = recordingLogger()
    const second = recordingLogger()
    const registry = new ToolRegistry({ logger: first.logger })
    registry.register(spec('a', 'x'))
    registry.register(spec('a', 'y'))
    registry.configure({ logger: second.logger })
    registry.register(spec('a', 'z'))
    expect(first.of('error')).toHaveLength(1)
    expect(second.of('error')).toHaveLength(1)
  })

  it('absent options leave the current values alone', async () => {
    let t = 0
    const log = recordingLogger()
    const registry = new ToolRegistry({ logger: log.logger, now: () => t })
    registry.configure({})
    registry.configure({ logger: undefined })
    expect(registry.logger).toBe(log.logger)
    let calls = 0
    registry.register(spec('a', 'x', { checkFn: () => (calls++, true) }))
    await registry.getToolDefinitions()
    t = 10_000
    await registry.getToolDefinitions()
    expect(calls).toBe(1) // still the injected clock: within the TTL
  })

  it('configure({ now }) moves the availability clock of an existing instance', async () => {
    const registry = new ToolRegistry({ logger: recordingLogger().logger })
    let calls = 0
    registry.register(spec('a', 'x', { checkFn: () => (calls++, true) }))
    let t = 0
    registry.configure({ now: () => t })
    await registry.getToolDefinitions()
    t = 30_000
    await registry.getToolDefinitions()
    expect(calls).toBe(2)
  })

  it('configure({ checkTimeoutMs }) applies to the next probe', async () => {
    const log = recordingLogger()
    const registry = new ToolRegistry({ logger: log.logger }).configure({ checkTimeoutMs: 5 })
    registry.register(spec('a', 'x', { checkFn: () => new Promise(() => {}) }))
    expect(await registry.isToolsetAvailable('x')).toBe(false)
    expect(log.of('warn')[0].text).toContain('5 ms')
  })

  it('bad options throw TypeError', () => {
    const registry = new ToolRegistry()
    expect(() => registry.configure({ logger: 'console' as never })).toThrow(TypeError)
    expect(() => registry.configure({ logger: null as never })).toThrow(TypeError)
    expect(() => registry.configure({ now: 5 as never })).toThrow(TypeError)
    expect(() => registry.configure({ checkTimeoutMs: -1 })).toThrow(TypeError)
    expect(() => registry.configure({ checkTimeoutMs: NaN })).toThrow(TypeError)
    expect(() => registry.configure({ checkTimeoutMs: '5' as never })).toThrow(TypeError)
    expect(() => registry.configure({ onResultOverflow: 'x' as never })).toThrow(TypeError)
    expect(() => new ToolRegistry({ now: 'x' as never })).toThrow(TypeError)
    expect(registry.logger).toBe(console)
  })

  it('registering uses no clock, timer or random source (workerd forbids them at module scope)', () => {
    const g = globalThis as Record<string, unknown>
    const saved = { setTimeout: g.setTimeout, random: Math.random, now: performance.now }
    let touched = 0
    g.setTimeout = () => (touched++, 0)
    Math.random = () => (touched++, 0.5)
    performance.now = () => (touched++, 0)
    try {
      const registry = new ToolRegistry()
      registry.register(spec('a', 'x', { checkFn: () => true }))
      registry.registerToolsetAlias('alias', 'x')
      registry.deregister('a')
    } finally {
      g.setTimeout = saved.setTimeout
      Math.random = saved.random
      performance.now = saved.now
    }
    expect(touched).toBe(0)
  })
})
