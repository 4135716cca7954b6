import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const pkg = fileURLToPath(new URL('..', import.meta.url))

/**
 * Runs `cycles` register → check → deregister cycles, each with a fresh check function
 * holding ~1 KB, in a child `node --expose-gc`, and returns the heap growth in bytes
 * between a warmed-up start and the end (both after a full GC).
 */
function heapGrowth(cycles: number): number {
  const script = `
    import { ToolRegistry } from '@toolreg/core'
    const registry = new ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} } })
    const cycle = async (i) => {
      const payload = new Array(128).fill(i)
      registry.register({ name: 't' + i, toolset: 's', schema: {}, handler: () => '', checkFn: () => payload.length > 0 })
      if ((await registry.getToolDefinitions()).length !== 1) throw new Error('check did not run')
      registry.deregister('t' + i)
    }
    for (let i = 0; i < 2000; i++) await cycle(i)
    gc(); gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < ${cycles}; i++) await cycle(i)
    gc(); gc()
    console.log(process.memoryUsage().heapUsed - before)
  `
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    cwd: pkg,
    encoding: 'utf8',
  })
  return Number(out.trim())
}

/**
 * Sends `words` distinct query words through `find_tools` (calls of 20 000 words each) in a
 * child `node --expose-gc`; returns the heap growth in bytes after a warmed-up start (full GCs).
 */
function findToolsGrowth(words: number): number {
  const script = `
    import { ToolRegistry, findTools } from '@toolreg/core'
    const registry = new ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} } })
    for (let i = 0; i < 50; i++)
      registry.register({ name: 'tool_' + i, toolset: 's', schema: { description: 'Send a message to channel ' + i }, handler: () => '' })
    registry.register(findTools(registry))
    let next = 0
    const call = () => {
      let q = ''
      for (let i = 0; i < 20000; i++) q += 'w' + (next++).toString(36) + 'q '
      return registry.dispatch('find_tools', { query: q + 'send message' })
    }
    for (let i = 0; i < 3; i++) await call()
    gc(); gc()
    const before = process.memoryUsage().heapUsed
    while (next < ${words}) await call()
    gc(); gc()
    console.log(process.memoryUsage().heapUsed - before)
  `
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    cwd: pkg,
    encoding: 'utf8',
  })
  return Number(out.trim())
}

describe('memory', () => {
  it('#5 1 000 000 distinct query words through find_tools keep the heap flat (no memo of query words)', {
    timeout: 120_000,
  }, () => {
    const growth = findToolsGrowth(1_000_000)
    expect(Number.isFinite(growth)).toBe(true)
    // A memo of every query word held ~70 bytes a word: ~70 MB here.
    expect(growth).toBeLessThan(8 * 1024 * 1024)
  })

  it('100 000 register/check/deregister cycles with fresh check functions keep the heap flat', {
    timeout: 120_000,
  }, () => {
    const growth = heapGrowth(100_000)
    expect(Number.isFinite(growth)).toBe(true)
    // A verdict that outlived its tool would hold ~1 KB each: ~100 MB here.
    expect(growth).toBeLessThan(10 * 1024 * 1024)
  })
})
