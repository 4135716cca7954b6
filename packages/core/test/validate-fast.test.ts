// @toolreg/core/validate answers valid arguments of everyday schemas with a closure-compiled
// check and leaves the rest to @cfworker/json-schema. Differential test: on generated schemas
// and values (fixed seed) its verdict must equal the library's own, case by case.
import { Validator } from '@cfworker/json-schema'
import { createValidator } from '@toolreg/core/validate'
import { describe, expect, it } from 'vitest'

/** mulberry32: a small seeded PRNG, so every run checks the same cases. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const STRINGS = ['', 'a', 'Oslo', '😀😀', 'x'.repeat(5), '12', 'toString', 'metric']
const SCALARS: unknown[] = [0, 1, -1, 2.5, 3, 14, 15, 1e21, true, false, null, ...STRINGS]

function generate(rand: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]
  const schema = (depth: number): Record<string, unknown> => {
    const s: Record<string, unknown> = {}
    const kind = pick(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array', 'multi', 'none'] as const)
    if (kind === 'multi') s.type = [pick(['string', 'integer']), pick(['null', 'number', 'boolean'])]
    else if (kind !== 'none') s.type = kind
    if (rand() < 0.3) s.minLength = pick([0, 1, 2, 4])
    if (rand() < 0.2) s.maxLength = pick([1, 2, 4])
    if (rand() < 0.3) s.minimum = pick([0, 1, 2.5])
    if (rand() < 0.2) s.maximum = pick([3, 14])
    if (rand() < 0.15) s.exclusiveMinimum = pick([0, 1])
    if (rand() < 0.15) s.exclusiveMaximum = pick([3, 15])
    if (rand() < 0.15) s.enum = [pick(SCALARS), pick(SCALARS)]
    if (rand() < 0.08) s.const = pick(SCALARS)
    if (rand() < 0.15) s.pattern = pick(['^[a-z]+$', '\\d', '^.{2}$'])
    if (rand() < 0.1) s.format = 'date' // outside the subset: the library alone
    if (rand() < 0.1) s.description = 'annotation'
    if ((kind === 'object' || kind === 'none') && depth < 3) {
      const props: Record<string, unknown> = {}
      for (const name of ['a', 'b', 'toString'].slice(0, 1 + Math.floor(rand() * 3))) props[name] = schema(depth + 1)
      s.properties = props
      if (rand() < 0.5) s.required = Object.keys(props).filter(() => rand() < 0.6)
      if (rand() < 0.3) s.additionalProperties = rand() < 0.5 ? false : schema(depth + 1)
    }
    if ((kind === 'array' || kind === 'none') && depth < 3 && rand() < 0.6) {
      s.items = schema(depth + 1)
      if (rand() < 0.3) s.minItems = pick([0, 1, 2])
      if (rand() < 0.3) s.maxItems = pick([1, 3])
    }
    return s
  }
  const value = (depth: number): unknown => {
    const r = rand()
    if (depth < 3 && r < 0.25) {
      const o: Record<string, unknown> = {}
      for (const k of ['a', 'b', 'c', 'toString']) if (rand() < 0.5) o[k] = value(depth + 1)
      return o
    }
    if (depth < 3 && r < 0.4) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1))
    return pick(SCALARS)
  }
  return { schema: schema(0), value }
}

describe('@toolreg/core/validate fast path', () => {
  it('agrees with @cfworker/json-schema on 3000 generated schema/value pairs (seed 7)', () => {
    const rand = rng(7)
    const check = createValidator()
    let valid = 0
    for (let i = 0; i < 300; i++) {
      const { schema, value } = generate(rand)
      const library = new Validator(structuredClone(schema) as never, '2020-12', false)
      const frozen = Object.freeze(schema)
      for (let j = 0; j < 10; j++) {
        const v = value(0)
        const expected = library.validate(v).valid
        const got = 'value' in (check(frozen, v as Record<string, unknown>) as object)
        if (got !== expected) expect({ schema, value: v, got }).toEqual({ schema, value: v, got: expected })
        valid += Number(expected)
      }
    }
    // The generator must produce both outcomes in quantity for the comparison to mean anything.
    expect(valid).toBeGreaterThan(300)
    expect(valid).toBeLessThan(2700)
  })

  it('regression: integer-valued floats are integers, 1e21 too; surrogate pairs count once in lengths', () => {
    const check = createValidator()
    const s = Object.freeze({
      type: 'object',
      properties: { n: { type: 'integer' }, s: { type: 'string', maxLength: 2 } },
    })
    expect(check(s, { n: 3.0, s: '😀😀' })).toEqual({ value: { n: 3.0, s: '😀😀' } })
    expect(check(s, { n: 1e21 })).toEqual({ value: { n: 1e21 } })
    expect('issues' in (check(s, { n: 2.5 }) as object)).toBe(true)
    expect('issues' in (check(s, { s: 'abc' }) as object)).toBe(true)
  })
})
