import { registry, ToolRegistry } from '@toolreg/core'
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'

const KEY = Symbol.for('toolreg.registry')
const dist = fileURLToPath(new URL('../dist', import.meta.url))
// A second copy of the built package, as when two bundles or two installs carry it.
const copyDir = mkdtempSync(join(tmpdir(), 'toolreg-core-copy-'))
cpSync(dist, copyDir, { recursive: true })
const copyIndex = pathToFileURL(join(copyDir, 'index.js')).href
const distIndex = pathToFileURL(join(dist, 'index.js')).href
const added: string[] = []

afterAll(() => rmSync(copyDir, { recursive: true, force: true }))

afterEach(() => {
  for (const name of added.splice(0)) registry.deregister(name)
})

describe('the singleton', () => {
  it('is a ToolRegistry kept at globalThis[Symbol.for("toolreg.registry")]', () => {
    expect(registry).toBeInstanceOf(ToolRegistry)
    expect((globalThis as Record<symbol, unknown>)[KEY]).toBe(registry)
  })

  it('a second copy of the package shares it', async () => {
    const other = (await import(/* @vite-ignore */ copyIndex)) as typeof import('@toolreg/core')
    expect(other.ToolRegistry).not.toBe(ToolRegistry) // really a second module instance
    expect(other.registry).toBe(registry)
    added.push('shared-probe')
    other.registry.register({ name: 'shared-probe', toolset: 't', schema: {}, handler: () => 'from the copy' })
    expect(await registry.dispatch('shared-probe', {})).toBe('from the copy')
  })

  it('plain Node ESM: two module instances in one process share one registry', { timeout: 30_000 }, () => {
    const script = `
      const a = await import(${JSON.stringify(distIndex)})
      const b = await import(${JSON.stringify(copyIndex)})
      a.registry.register({ name: 'x', toolset: 't', schema: {}, handler: () => 'ok' })
      console.log(JSON.stringify([a.ToolRegistry !== b.ToolRegistry, a.registry === b.registry, await b.registry.dispatch('x', {})]))
    `
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(JSON.parse(out)).toEqual([true, true, 'ok'])
  })

  it('configure() applies to the shared instance', () => {
    const before = registry.logger
    const lines: unknown[] = []
    const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (...a: unknown[]) => void lines.push(a) }
    registry.configure({ logger })
    try {
      added.push('cfg-a')
      registry.register({ name: 'cfg-a', toolset: 'x', schema: {}, handler: () => '' })
      registry.register({ name: 'cfg-a', toolset: 'y', schema: {}, handler: () => '' })
      expect(lines).toHaveLength(1)
    } finally {
      registry.configure({ logger: before })
    }
  })
})
