import { ToolOverrideError } from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

function denied(fn: () => unknown): ToolOverrideError {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(ToolOverrideError)
    return e as ToolOverrideError
  }
  throw new Error('expected a ToolOverrideError')
}

describe('plugin scopes and the override policy', () => {
  it('scoped registrations carry owner: pluginId', () => {
    const { registry } = setup()
    const entry = registry.forPlugin('acme').register(spec('a', 'acme'))
    expect(entry?.owner).toBe('acme')
    expect(registry.getEntry('a')?.owner).toBe('acme')
  })

  it('override: true without opt-in throws ToolOverrideError and changes nothing, even for a new name', () => {
    const { registry } = setup()
    const err = denied(() => registry.forPlugin('acme').register(spec('brand-new', 'acme', { override: true })))
    expect(err.name).toBe('ToolOverrideError')
    expect(err.code).toBe('TOOL_OVERRIDE_DENIED')
    expect(err.message).toContain('acme')
    expect(err.message).toContain('brand-new')
    expect(err.message).toContain('allowToolOverride')
    expect(registry.has('brand-new')).toBe(false)
    expect(registry.generation).toBe(0)
  })

  it('override without opt-in over a core tool throws and keeps the core tool', () => {
    const { registry } = setup()
    const core = registry.register(spec('search', 'web'))
    denied(() => registry.forPlugin('acme').register(spec('search', 'acme', { override: true })))
    expect(registry.getEntry('search')).toBe(core)
    expect(registry.generation).toBe(1)
  })

  it('an explicit false policy is the same as none', () => {
    const { registry } = setup()
    registry.registerPluginOverridePolicy('acme', false)
    denied(() => registry.forPlugin('acme').register(spec('x', 'acme', { override: true })))
  })

  it('with opt-in, override replaces a core tool (row 5, info log) and the entry is the plugin’s', () => {
    const { registry, log } = setup()
    registry.register(spec('search', 'web'))
    registry.registerPluginOverridePolicy('acme', true)
    const entry = registry.forPlugin('acme').register(spec('search', 'acme', { override: true }))
    expect(entry?.owner).toBe('acme')
    expect(registry.getEntry('search')).toBe(entry)
    expect(log.of('info')[0].text).toContain('overriding')
  })

  it('a plugin shadowing another owner in the same toolset is rejected without override (row 2 does not apply)', () => {
    const { registry, log } = setup()
    const core = registry.register(spec('search', 'web'))
    const result = registry.forPlugin('acme').register(spec('search', 'web'))
    expect(result).toBeUndefined()
    expect(registry.getEntry('search')).toBe(core)
    expect(registry.generation).toBe(1)
    expect(log.of('error')[0].text).toContain('REJECTED')
  })

  it('a plugin cannot take another plugin’s tool, even between mcp- toolsets (row 3 does not apply)', () => {
    const { registry, log } = setup()
    const first = registry.forPlugin('one').register(spec('t', 'mcp-a'))
    expect(registry.forPlugin('two').register(spec('t', 'mcp-b'))).toBeUndefined()
    expect(registry.getEntry('t')).toBe(first)
    expect(log.of('error')[0].text).toContain('REJECTED')
  })

  it('even with opt-in, a plugin needs override: true to replace another owner’s tool', () => {
    const { registry } = setup()
    const core = registry.register(spec('search', 'web'))
    registry.registerPluginOverridePolicy('acme', true)
    expect(registry.forPlugin('acme').register(spec('search', 'web'))).toBeUndefined()
    expect(registry.getEntry('search')).toBe(core)
  })

  it('rows 1–5 apply to a plugin’s own tools', () => {
    const { registry, log } = setup()
    const scope = registry.forPlugin('acme')
    scope.register(spec('a', 'acme'))
    expect(scope.register(spec('a', 'acme', { handler: () => 'v2' }))?.owner).toBe('acme') // row 2
    expect(log.calls).toEqual([])
    expect(scope.register(spec('a', 'acme-2'))).toBeUndefined() // row 4
    expect(log.of('error')).toHaveLength(1)
    scope.register(spec('m', 'mcp-x'))
    expect(scope.register(spec('m', 'mcp-y'))?.toolset).toBe('mcp-y') // row 3
  })

  it('core code replaces a plugin’s tool by the ordinary rules (unscoped calls are never gated)', () => {
    const { registry } = setup()
    registry.forPlugin('acme').register(spec('a', 'web'))
    const entry = registry.register(spec('a', 'web'))
    expect(entry?.owner).toBeUndefined()
    expect(registry.deregister('a')).toBe(true)
  })

  it('writing a policy never bumps the generation', () => {
    const { registry } = setup()
    const events: unknown[] = []
    registry.subscribe(e => events.push(e))
    registry.registerPluginOverridePolicy('acme', true)
    registry.registerPluginOverridePolicy('acme', false)
    expect(registry.generation).toBe(0)
    expect(events).toEqual([])
  })

  describe('scoped deregister', () => {
    it('removes the plugin’s own tool', () => {
      const { registry } = setup()
      const scope = registry.forPlugin('acme')
      scope.register(spec('a', 'acme'))
      expect(scope.deregister('a')).toBe(true)
      expect(registry.has('a')).toBe(false)
    })

    it('of another owner’s tool throws ToolOverrideError and the tool stays', () => {
      const { registry } = setup()
      registry.register(spec('core-tool', 'web'))
      registry.forPlugin('other').register(spec('theirs', 'other'))
      const scope = registry.forPlugin('acme')
      const err = denied(() => scope.deregister('core-tool'))
      expect(err.code).toBe('TOOL_OVERRIDE_DENIED')
      expect(err.message).toContain('acme')
      expect(err.message).toContain('core-tool')
      denied(() => scope.deregister('theirs'))
      expect(registry.has('core-tool')).toBe(true)
      expect(registry.has('theirs')).toBe(true)
      expect(registry.generation).toBe(2)
    })

    it('of an mcp- tool is allowed', () => {
      const { registry } = setup()
      registry.register(spec('mcp__srv__t', 'mcp-srv'))
      expect(registry.forPlugin('acme').deregister('mcp__srv__t')).toBe(true)
      expect(registry.has('mcp__srv__t')).toBe(false)
    })

    it('of another owner’s tool is allowed with opt-in', () => {
      const { registry } = setup()
      registry.register(spec('core-tool', 'web'))
      registry.registerPluginOverridePolicy('acme', true)
      expect(registry.forPlugin('acme').deregister('core-tool')).toBe(true)
    })

    it('of an unknown name returns false', () => {
      const { registry } = setup()
      expect(registry.forPlugin('acme').deregister('nope')).toBe(false)
    })
  })

  it('a plugin id must be a non-empty string', () => {
    const { registry } = setup()
    expect(() => registry.forPlugin('')).toThrow(TypeError)
    expect(() => registry.registerPluginOverridePolicy(undefined as never, true)).toThrow(TypeError)
  })
})
