// Type tests (checked by `tsc -p tsconfig.json` in `npm test`): a Standard Schema `parameters`
// types the handler's args with no annotation at the call site.
import { ToolRegistry, registry } from '@toolreg/core'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'

const r = new ToolRegistry()

// zod 4
r.register({
  name: 'forecast',
  toolset: 'weather',
  schema: { parameters: z.object({ city: z.string(), days: z.number().int().default(3) }) },
  handler: ({ city, days }) => {
    const c: string = city
    const d: number = days // the output type: the default applied
    // @ts-expect-error -- no such property on the zod schema's output
    args_unknown(city.nope, d)
    return c
  },
})

// valibot 1, wrapped for Standard JSON Schema
r.register({
  name: 'slug',
  toolset: 'text',
  schema: { parameters: toStandardJsonSchema(v.object({ text: v.string(), max: v.optional(v.number()) })) },
  handler: args => {
    const t: string = args.text
    const m: number | undefined = args.max
    // @ts-expect-error -- not in the valibot schema
    return t + m + args.other
  },
})

// arktype 2
r.register({
  name: 'add',
  toolset: 'math',
  schema: { parameters: type({ a: 'number', b: 'number' }) },
  handler: ({ a, b }) => {
    const sum: number = a + b
    // @ts-expect-error -- a number is not a string
    const s: string = a
    return String(sum) + s
  },
})

// A plugin scope is typed the same way.
r.forPlugin('p').register({
  name: 'p_tool',
  toolset: 'p',
  schema: { parameters: z.object({ n: z.number() }) },
  handler: ({ n }) => String(n.toFixed(1)),
})

// JSON Schema keeps the plain record.
registry.register({
  name: 'json',
  toolset: 't',
  schema: { parameters: { type: 'object', properties: { q: { type: 'string' } } } },
  handler: args => {
    const a: Record<string, unknown> = args
    return String(a.q)
  },
})

// An unwrapped valibot schema has no Standard JSON Schema: a type error (and a TypeError at run time).
r.register({
  name: 'bad',
  toolset: 't',
  // @ts-expect-error -- valibot needs toStandardJsonSchema
  schema: { parameters: v.object({ x: v.string() }) },
  handler: () => '',
})

declare function args_unknown(...a: unknown[]): string
