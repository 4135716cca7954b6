// Differential test: toolreg's dispatch with `@toolreg/core/validate` (its fast check, and the
// @cfworker/json-schema path) against Ajv (draft 2020-12, ajv-formats) as the oracle. Generated
// schemas and arguments; any argument Ajv refuses that reaches a handler is a failure.
// `npm test` runs a fixed seed; `FUZZ_RUNS=20000 npm run fuzz:validate` runs longer.
//
// Ajv's known bugs and differences, worked around here:
// - multipleOf with fractions: Ajv divides (0.3 / 0.1 is not an integer for it), the library
//   allows a 2^-23 tolerance; only integer multipleOf values are generated.
// - formats: each validator has its own regexes (ajv-formats' email, uri, date-time differ from
//   the library's); only url (toolreg's own, a subset of ajv-formats' url), date, uuid and ipv4
//   are generated, where the library is no more lenient than Ajv.
// - strict mode: Ajv refuses unknown keywords and some combinations; it runs with strict: false.
// - non-finite numbers: Ajv passes Infinity (JSON's 1e400) as a number and an integer unless
//   strictNumbers is set; it is. Ajv validates the arguments as JSON.parse reads them, as dispatch.
import { ToolRegistry } from '@toolreg/core'
import { createValidator } from '@toolreg/core/validate'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

const SEED = 20261223
const RUNS = Number(process.env.FUZZ_RUNS ?? 400)

const ajv = new Ajv2020({ strict: false, strictNumbers: true })
addFormats.default(ajv)

/** `a` one time in four, else null. */
const rarely = <T>(a: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: a, weight: 1 }, { arbitrary: fc.constant(null), weight: 3 })

/** `base` plus each of `extra`'s keywords with probability 1/4 (valid arguments stay common). */
const sparse = (base: Record<string, fc.Arbitrary<unknown>>, extra: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(fc.record(base), ...Object.entries(extra).map(([k, a]) => rarely(a.map(v => [k, v] as const))))
    .map(([b, ...kv]) => ({ ...b, ...Object.fromEntries(kv.filter(x => x !== null)) }))

const leaf: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  sparse(
    { type: fc.constant('string') },
    {
      minLength: fc.nat(4),
      maxLength: fc.integer({ min: 2, max: 12 }),
      pattern: fc.constantFrom('^a', 'b$', '^[a-z]+$', '\\d'),
      format: fc.constantFrom('url', 'url', 'date', 'uuid', 'ipv4'),
    },
  ),
  sparse(
    { type: fc.constantFrom('number', 'integer', ['number', 'null'], ['integer', 'string']) },
    {
      minimum: fc.integer({ min: -5, max: 5 }),
      maximum: fc.integer({ min: 0, max: 10 }),
      exclusiveMinimum: fc.integer({ min: -5, max: 5 }),
      exclusiveMaximum: fc.integer({ min: 0, max: 10 }),
      multipleOf: fc.integer({ min: 1, max: 3 }),
    },
  ),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.record({
    enum: fc.uniqueArray(fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constantFrom('a', 'b', null, true)), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({ const: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constantFrom('a', null, false)) }),
  fc.constant({}),
)

const schemaArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec(tie => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object'), tie('combo')),
  array: sparse(
    { type: fc.constant('array'), items: tie('node') },
    { minItems: fc.nat(2), maxItems: fc.integer({ min: 1, max: 4 }), uniqueItems: fc.boolean() },
  ),
  object: fc
    .record({
      props: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'url', 'n'), tie('node'), { maxKeys: 3 }),
      required: fc.subarray(['a', 'b', 'c', 'url', 'n'], { maxLength: 2 }),
      closed: fc.boolean(),
    })
    .map(({ props, required, closed }) => ({
      type: 'object',
      properties: props,
      required,
      ...(closed ? { additionalProperties: false } : {}),
    })),
  combo: fc.oneof(
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map(anyOf => ({ anyOf })),
    fc.array(tie('node'), { minLength: 1, maxLength: 2 }).map(oneOf => ({ oneOf })),
    tie('node').map(not => ({ not })),
  ),
})).object as fc.Arbitrary<Record<string, unknown>>

// Values built to hit the edges: hostile and valid URLs, overflowing numbers, near-misses.
const HOSTILE = [
  'http://' + 'a'.repeat(30) + '!',
  'https://example.com/x',
  'http://10.0.0.1',
  'ftp://user@host.example',
  'http://a@b@c.example',
  'https://localhost:8080',
  '2026-02-29',
  '2024-02-29',
  '123e4567-e89b-12d3-a456-426614174000',
  '256.1.1.1',
  '1.2.3.4',
  'a1',
  'ab',
  'ba',
]
const valueText: fc.Arbitrary<string> = fc.letrec(tie => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('1e400', '-1e400', '0', '1', '2.5', '-3', '6', '1.0', 'null', 'true', 'false'),
    fc.constantFrom(...HOSTILE).map(s => JSON.stringify(s)),
    fc.string({ maxLength: 6 }).map(s => JSON.stringify(s)),
    fc.array(tie('v'), { maxLength: 3 }).map(a => `[${a.join(',')}]`),
    tie('o'),
  ),
  o: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'url', 'n', 'z'), tie('v'), { maxKeys: 4 }).map(
    d =>
      `{${Object.entries(d)
        .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
        .join(',')}}`,
  ),
})).o as fc.Arbitrary<string>

/** JSON text of a value shaped by `schema` (mostly valid, often just off), to reach the edges. */
function valueFor(schema: Record<string, unknown>, depth = 0): fc.Arbitrary<string> {
  const any = depth > 3 ? fc.constantFrom('1', '"a"', 'null') : valueText
  if (Array.isArray(schema.enum)) return fc.oneof(fc.constantFrom(...schema.enum.map(v => JSON.stringify(v))), any)
  if ('const' in schema) return fc.oneof(fc.constant(JSON.stringify(schema.const)), any)
  for (const k of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(schema[k]))
      return fc.oneof(...(schema[k] as Record<string, unknown>[]).map(s => valueFor(s, depth + 1)))
  if (schema.not) return fc.oneof(valueFor(schema.not as Record<string, unknown>, depth + 1), any)
  const types = [schema.type].flat()
  if (types.includes('object')) {
    const props = Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)
    return fc
      .tuple(
        ...props.map(([k, s]) =>
          fc.option(
            valueFor(s, depth + 1).map(v => `${JSON.stringify(k)}:${v}`),
            { freq: 4 },
          ),
        ),
        rarely(any.map(v => `"z":${v}`)),
      )
      .map(parts => `{${parts.filter(p => p !== null).join(',')}}`)
  }
  if (types.includes('array'))
    return fc
      .array(schema.items ? valueFor(schema.items as Record<string, unknown>, depth + 1) : any, { maxLength: 4 })
      .map(a => `[${a.join(',')}]`)
  if (types.includes('number') || types.includes('integer'))
    return fc.constantFrom('1e400', '-1e400', '0', '1', '2', '3', '2.5', '6', '9', '10', '-5', '1.0', '"1"', 'null')
  if (types.includes('string'))
    return fc.oneof(
      fc.constantFrom(...HOSTILE).map(s => JSON.stringify(s)),
      fc.string({ maxLength: 8 }).map(s => JSON.stringify(s)),
    )
  return any
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/** The arguments reach the handler through each validation path, or not: [fast + library, library only]. */
async function reaches(schema: Record<string, unknown>, args: string): Promise<[boolean, boolean]> {
  const registry = new ToolRegistry({ logger: quiet, validator: createValidator() })
  let reached = 0
  const handler = () => (reached++, 'ok')
  registry.register({ name: 'fast', toolset: 't', schema: { parameters: schema }, handler })
  // minProperties: 0 means nothing, and is outside the fast check's subset: the library decides alone.
  registry.register({ name: 'library', toolset: 't', schema: { parameters: { ...schema, minProperties: 0 } }, handler })
  const fast = (await registry.dispatch('fast', args), reached === 1)
  const library = (await registry.dispatch('library', args), reached === (fast ? 2 : 1))
  return [fast, library]
}

describe('validation differential against Ajv (fast-check)', () => {
  it(`no argument Ajv refuses reaches a handler (seed ${SEED}, ${RUNS} schemas × 4 arguments)`, {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        schemaArb.chain(schema =>
          fc.tuple(fc.constant(schema), fc.array(valueFor(schema), { minLength: 4, maxLength: 4 })),
        ),
        async ([schema, argsList]) => {
          const check = ajv.compile(schema)
          for (const args of argsList) {
            const valid = check(JSON.parse(args))
            const [fast, library] = await reaches(schema, args)
            if (!valid) expect({ args, fast, library }).toEqual({ args, fast: false, library: false })
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    )
  })
})

describe('counterexamples the differential test found, kept as regressions', () => {
  // Seed 20261223 against the code before issue 23 #8: Infinity passed the library's number type.
  it('#8 {"a":[[1e400]]} under items → items → anyOf [{ type: number }]', async () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'array', items: { type: 'array', items: { anyOf: [{ type: 'number' }] } }, minItems: 0 },
      },
      required: [],
    }
    expect(await reaches(schema, '{"a":[[1e400]]}')).toEqual([false, false])
    expect(await reaches(schema, '{"a":[[1e300]]}')).toEqual([true, true])
  })
})
