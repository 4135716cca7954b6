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

describe('memory', () => {
  it('100 000 register/check/deregister cycles with fresh check functions keep the heap flat', {
    timeout: 120_000,
  }, () => {
    const growth = heapGrowth(100_000)
    expect(Number.isFinite(growth)).toBe(true)
    // A verdict that outlived its tool would hold ~1 KB each: ~100 MB here.
    expect(growth).toBeLessThan(10 * 1024 * 1024)
  })
})
