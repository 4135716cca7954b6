// The declarations the model reads: valid TypeScript for every tool, stable bytes, hostile
// names and descriptions kept inside their string or comment; and the type check before a run.
import { ToolRegistry } from '@toolreg/core'
import { codeModeDeclarations, schemaType, typeScriptChecker } from '@toolreg/core/code-mode'
import fc from 'fast-check'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CATALOGUE } from './surface-tools.ts'

const check = typeScriptChecker(ts)
const apiOf = async (registry: ToolRegistry) =>
  (await registry.getToolDefinitions()).map(definition => {
    const e = registry.getEntry(definition.function.name)!
    return { definition, toolset: e.toolset, outputSchema: e.outputSchema }
  })

describe('codeModeDeclarations', () => {
  it('declares one object per toolset and one method per tool, with JSDoc, argument and result types', async () => {
    const registry = new ToolRegistry()
    for (const t of CATALOGUE) registry.register(t)
    registry.register({
      name: 'weather',
      toolset: 'web',
      schema: {
        description: 'Forecast for a city',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer', enum: [1, 3, 7] } },
          required: ['city'],
        },
      },
      outputSchema: {
        type: 'object',
        properties: { temp: { type: 'number' }, sky: { enum: ['sun', 'rain'] } },
        required: ['temp'],
      },
      handler: async () => '{"temp":1}',
    })
    const text = codeModeDeclarations(await apiOf(registry))
    expect(text).toContain('  billing: {\n    /** Charge a customer card an amount */\n    charge_card(args: {')
    expect(text).toContain(
      'weather(args: {\n      city: string\n      days?: 1 | 3 | 7\n    }): Promise<{\n      temp: number\n      sky?: "sun" | "rain"\n    }>',
    )
    expect(check('const r = await tools.web.weather({ city: "Oslo" })\nreturn r.temp + 1', text)).toEqual([])
    const errors = check('const r = await tools.web.weather({ town: "Oslo" })\nreturn r.wind', text)
    expect(errors.join('\n')).toMatch(/line 1: .*town/)
    expect(errors.join('\n')).toMatch(/line 2: .*wind/)
    expect(check('return await tools.billing.nope({})', text).join()).toMatch(/nope/)
  })

  it('keeps hostile names and descriptions inside their string or comment: the text still compiles and declares only tools', () => {
    const name = fc.string({ minLength: 1, maxLength: 12 })
    fc.assert(
      fc.property(
        name,
        name,
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 12 }),
        (set, tool, description, param) => {
          const text = codeModeDeclarations([
            {
              toolset: set,
              definition: {
                type: 'function',
                function: {
                  name: tool,
                  description,
                  parameters: { type: 'object', properties: { [param]: { type: 'string', description } } },
                },
              },
            },
          ])
          const errors = check('return 1', text)
          expect(errors).toEqual([])
        },
      ),
      { seed: 33, numRuns: 60 },
    )
  })

  it('regression: a description closing the comment does not end it', () => {
    const text = codeModeDeclarations([
      {
        toolset: 'x',
        definition: { type: 'function', function: { name: 'y', description: 'a */ declare const process: any /*' } },
      },
    ])
    expect(check('return process', text).join()).toMatch(/process/)
  })

  it('maps JSON Schema to types, unknown where it does not say and past its depth', () => {
    expect(schemaType({ type: ['string', 'null'] })).toBe('string | null')
    expect(schemaType({ type: 'array', items: { type: 'integer' } })).toBe('number[]')
    expect(schemaType({ anyOf: [{ type: 'string' }, { const: 3 }] })).toBe('(string) | (3)')
    expect(schemaType({ type: 'object' })).toBe('Record<string, unknown>')
    expect(schemaType({ $ref: '#/x' })).toBe('unknown')
    let deep: object = { type: 'string' }
    for (let i = 0; i < 20; i++) deep = { type: 'array', items: deep }
    expect(schemaType(deep)).toContain('unknown')
  })

  it('gives the same bytes whatever order the tools come in', async () => {
    const registry = new ToolRegistry()
    for (const t of CATALOGUE) registry.register(t)
    const api = await apiOf(registry)
    expect(codeModeDeclarations([...api].reverse())).toBe(codeModeDeclarations(api))
  })
})
