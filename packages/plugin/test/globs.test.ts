// The default patterns' precompiled regexes are picomatch's own, so a build with the
// defaults matches exactly what picomatch would without loading it.
import picomatch from 'picomatch'
import { describe, expect, it } from 'vitest'
import { compileGlobs, globRegex, PRECOMPILED } from '../src/scan/globs.js'
import { resolveOptions } from '../src/options/options.js'

describe('glob patterns', () => {
  for (const [key, table] of Object.entries(PRECOMPILED))
    for (const [pattern, re] of Object.entries(table))
      it(`${pattern} (${key}) is picomatch's regex`, () => {
        const theirs = picomatch.makeRe(pattern, { dot: key === 'dot' })
        expect(re.source).toBe(theirs.source)
        expect(re.flags).toBe(theirs.flags)
      })

  it('covers every default include and exclude pattern', () => {
    const defaults = resolveOptions({})
    expect(defaults.include.length).toBeGreaterThan(0)
    for (const p of defaults.include) expect(Object.keys(PRECOMPILED.noDot)).toContain(p)
    for (const p of defaults.exclude) expect(Object.keys(PRECOMPILED.dot)).toContain(p)
  })

  it('takes a pattern named like an Object.prototype member for a pattern, not a precompiled one', () => {
    for (const p of ['constructor', 'toString', '__proto__'])
      expect(globRegex(p, { dot: true }).source).toBe(picomatch.makeRe(p, { dot: true }).source)
    expect(compileGlobs(['constructor'], { dot: false })('constructor')).toBe(true)
  })

  it('compiles any other pattern with picomatch', () => {
    expect(globRegex('**/*.ts', { dot: false }).source).toBe(picomatch.makeRe('**/*.ts', { dot: false }).source)
    const match = compileGlobs(['**/*.ts', 'exact.js'], { dot: false })
    expect(match('a/b/c.ts')).toBe(true)
    expect(match('exact.js')).toBe(true)
    expect(match('a/.hidden.ts')).toBe(false)
    expect(match('a/b.js')).toBe(false)
  })
})
