// OpenAI strict mode: toOpenAITools / toOpenAIResponsesTools with { strict: true }.
import {
  ToolRegistry,
  fromStrictArguments,
  toOpenAIResponsesTools,
  toOpenAITools,
  toStrictSchema,
  type ToolDefinition,
} from '@toolreg/core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { recordingLogger } from './helpers.js'

const def = (name: string, parameters?: Record<string, unknown>): ToolDefinition => ({
  type: 'function',
  function: { name, description: 'd', parameters },
})

describe('strict mode', () => {
  it('closes every object, requires every property and makes optional ones nullable', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City' },
        days: { type: 'integer', minimum: 1, default: 3 },
        unit: { type: 'string', enum: ['c', 'f'] },
        when: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from'] },
        tags: { type: 'array', items: { type: 'object', properties: { k: { type: 'string' } } } },
        ref: { $ref: '#/$defs/Point' },
      },
      required: ['city'],
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    }
    const [tool] = toOpenAITools([def('weather', schema)], { strict: true })
    expect(tool).toEqual({
      type: 'function',
      function: {
        name: 'weather',
        description: 'd',
        strict: true,
        parameters: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City' },
            days: { type: ['integer', 'null'], minimum: 1 },
            unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
            when: {
              type: ['object', 'null'],
              properties: { from: { type: 'string' }, to: { type: ['string', 'null'] } },
              required: ['from', 'to'],
              additionalProperties: false,
            },
            tags: {
              type: ['array', 'null'],
              items: {
                type: 'object',
                properties: { k: { type: ['string', 'null'] } },
                required: ['k'],
                additionalProperties: false,
              },
            },
            ref: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] },
          },
          required: ['city', 'days', 'unit', 'when', 'tags', 'ref'],
          additionalProperties: false,
          $defs: {
            Point: {
              type: 'object',
              properties: { x: { type: 'number' } },
              required: ['x'],
              additionalProperties: false,
            },
          },
        },
      },
    })
    // The input is left alone.
    expect(schema.properties.days).toEqual({ type: 'integer', minimum: 1, default: 3 })
  })

  it('a zod schema with optional properties converts, for Chat Completions and the Responses API', () => {
    const r = new ToolRegistry({ logger: recordingLogger().logger })
    r.register({
      name: 'search',
      toolset: 'web',
      schema: {
        description: 'Search',
        parameters: z.object({
          q: z.string(),
          limit: z.number().int().optional(),
          lang: z.enum(['en', 'de']).optional(),
        }),
      },
      handler: () => '',
    })
    const defs = [
      {
        type: 'function' as const,
        function: { name: 'search', description: 'Search', parameters: r.getSchema('search')!.parameters },
      },
    ]
    const [responses] = toOpenAIResponsesTools(defs, { strict: true })
    expect(responses).toMatchObject({ type: 'function', name: 'search', description: 'Search', strict: true })
    expect(responses.parameters).toMatchObject({
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: ['integer', 'null'] },
        lang: { type: ['string', 'null'], enum: ['en', 'de', null] },
      },
      required: ['q', 'limit', 'lang'],
      additionalProperties: false,
    })
    expect(toOpenAITools(defs, { strict: true })[0].function.parameters).toEqual(responses.parameters)
    expect(toOpenAIResponsesTools(defs)[0]).toMatchObject({
      strict: false,
      parameters: r.getSchema('search')!.parameters,
    })
  })

  it('a tool without parameters becomes a closed empty object', () => {
    expect(toOpenAIResponsesTools([def('now')], { strict: true })[0].parameters).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    })
  })

  it('a keyword strict mode cannot express is a TypeError naming the tool and the keyword', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }, 'oneOf'],
      [{ type: 'object', properties: { a: { allOf: [{ type: 'string' }] } } }, 'allOf'],
      [
        { type: 'object', properties: { m: { type: 'object', additionalProperties: { type: 'string' } } } },
        'additionalProperties',
      ],
      [{ type: 'object', properties: { free: { type: 'object' } } }, 'additionalProperties'],
      [{ type: 'object', properties: { s: { type: 'string', minLength: 2 } } }, 'minLength'],
      [{ type: 'object', patternProperties: { '^x': { type: 'string' } } }, 'patternProperties'],
      [{ type: 'object', properties: { a: { if: { type: 'string' }, then: { minLength: 1 } } } }, 'if'],
    ]
    for (const [schema, keyword] of cases) {
      expect(() => toOpenAITools([def('picky', schema)], { strict: true })).toThrow(TypeError)
      expect(() => toOpenAIResponsesTools([def('picky', schema)], { strict: true })).toThrow(
        new RegExp(`'picky'.*'${keyword}'`),
      )
    }
    // Without strict nothing is checked.
    expect(toOpenAITools([def('picky', cases[0][0])])[0].function).not.toHaveProperty('strict')
  })

  it('toStrictSchema keeps properties named like prototype keys as own properties', () => {
    const out = toStrictSchema(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'), 't') as {
      properties: object
      required: string[]
    }
    expect(Object.hasOwn(out.properties, '__proto__')).toBe(true)
    expect(out.required).toEqual(['__proto__'])
  })

  it('fromStrictArguments drops the nulls strict mode sends for absent optional properties, so the tool schema accepts them', async () => {
    const r = new ToolRegistry({ logger: recordingLogger().logger })
    r.register({
      name: 'search',
      toolset: 'web',
      schema: {
        parameters: z.object({
          q: z.string(),
          limit: z.number().int().default(5),
          filter: z.object({ lang: z.string().optional(), site: z.string().nullable().optional() }).optional(),
          tags: z.array(z.object({ k: z.string(), v: z.string().optional() })).optional(),
          note: z.string().nullable(),
        }),
      },
      handler: a => JSON.stringify(a),
    })
    const params = r.getSchema('search')!.parameters
    const strictArgs =
      '{"q":"x","limit":null,"filter":{"lang":null,"site":null},"tags":[{"k":"a","v":null}],"note":null}'
    expect(JSON.parse((await r.dispatch('search', strictArgs)) as string).error).toMatch(
      /^Invalid arguments for tool search: limit: /,
    )
    const args = fromStrictArguments(params, strictArgs)
    // site accepts null (nullable), note is required: both keep their null.
    expect(args).toEqual({ q: 'x', filter: { site: null }, tags: [{ k: 'a' }], note: null })
    expect(JSON.parse((await r.dispatch('search', args)) as string)).toEqual({
      q: 'x',
      limit: 5,
      filter: { site: null },
      tags: [{ k: 'a' }],
      note: null,
    })
    expect(fromStrictArguments(params, '{not json')).toBe('{not json')
    expect(fromStrictArguments(undefined, { a: null })).toEqual({ a: null })
    expect(
      Object.hasOwn(
        fromStrictArguments({ type: 'object', properties: {} }, JSON.parse('{"__proto__":1}')) as object,
        '__proto__',
      ),
    ).toBe(true)
  })
})
