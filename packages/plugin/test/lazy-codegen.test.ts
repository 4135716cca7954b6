// The lazy tools' definition table: what the plugin writes (src/codegen/lazy-table.ts) is what
// @toolreg/core's registerLazyTable reads back, down to the key order of every schema.
import { ToolRegistry, registerLazy, registerLazyTable, type LazyTable } from '@toolreg/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonText } from '../src/codegen/js-text.js'
import { LAZY_TABLE_FORMAT } from '@toolreg/core/formats'
import { lazyTable } from '../src/codegen/lazy-table.js'
import type { FileScan, LazyTool } from '../src/types.js'

/** A module of `tools` (named after its first), registered one per line from line 3 of its file. */
const moduleOf = (tools: LazyTool[]) =>
  ({
    file: `tools/${tools[0]?.name ?? 'none'}.ts`,
    sites: tools.map((t, i) => ({ name: t.name, line: i + 3, column: 1 })),
    lazy: { lazy: true, tools },
  }) as unknown as FileScan
/** The JS string literal as JS reads it, then JSON.parse: what the generated module does. */
const readBack = (value: unknown) => JSON.parse(new Function(`return ${jsonText(value)}`)() as string) as LazyTable

async function definitionsBoth(modules: LazyTool[][]) {
  const direct = new ToolRegistry({ logger: { ...console, error: () => {}, warn: () => {} } })
  const load = async () => ({})
  for (const tools of modules) for (const t of tools) registerLazy(direct, { ...t, load })
  const viaTable = new ToolRegistry({ logger: { ...console, error: () => {}, warn: () => {} } })
  const loads: number[] = []
  registerLazyTable(viaTable, readBack(lazyTable(modules.map(moduleOf))), async m => void loads.push(m))
  return {
    direct: await direct.getToolDefinitions(),
    viaTable: await viaTable.getToolDefinitions(),
    viaTableRegistry: viaTable,
    loads,
  }
}

const common = (description: string, properties: Record<string, unknown>, required?: string[]) => ({
  description,
  parameters: { type: 'object', properties, ...(required ? { required } : {}) },
})

describe('the lazy definition table', () => {
  it('writes shared toolsets and properties once and reads back the same definitions', async () => {
    const id = { type: 'string', description: 'ID of the user' }
    const modules: LazyTool[][] = [
      [
        { name: 'users_get', toolset: 'users', schema: common('Get a user', { user_id: id }, ['user_id']) },
        {
          name: 'users_delete',
          toolset: 'users',
          schema: common("Delete a user's account", { user_id: id, hard: { type: 'boolean' } }, ['user_id']),
          emoji: '🗑',
        },
      ],
      [
        {
          name: 'odd',
          toolset: 'misc',
          schema: { parameters: { properties: {}, type: 'object' }, description: 'keys in another order' },
          description: 'spec text',
        },
      ],
      [
        {
          name: 'req',
          toolset: 'users',
          schema: common('required out of order', { a: {}, b: { type: 'number' } }, ['b', 'a']),
        },
      ],
    ]
    const table = readBack(lazyTable(modules.map(moduleOf)))
    expect(table[0]).toBe(LAZY_TABLE_FORMAT)
    expect(table[1]).toEqual(['users', 'misc'])
    // `user_id` with the same schema is one pair, used by two tools.
    expect(table[2].filter(([k]) => k === 'user_id')).toHaveLength(1)
    // Three modules of 2, 1 and 1 tools; one array per field of the tools.
    expect(table[4]).toEqual([2, 1, 1])
    expect(table[5]).toEqual(['users_get', 'users_delete', 'odd', 'req'])
    expect(table[6]).toEqual([0, 0, 1, 0])
    // users_get: parameter set 0, its one property (pair 0) required.
    expect(table[7][0]).toBe('Get a user')
    expect(table[8][0]).toBe(0)
    expect(table[3][0]).toEqual([[0], [0]])
    // Another key order is written as the schema itself, so it reads back in that order.
    expect(table[7][2]).toBe(0)
    expect(table[8][2]).toEqual(modules[1]![0]!.schema)
    expect(table[9]).toEqual([
      [1, { emoji: '🗑' }],
      [2, { description: 'spec text' }],
    ])
    // Each tool's source: its module's file, the line and column of its register call.
    // Modules named after their first tool: 0, and the pattern that names them.
    expect(table[10]).toEqual([0, 0, 0])
    expect(table[11]).toEqual(['tools/', '.ts'])
    expect(table[12]).toEqual(['3:1', '4:1', '3:1', '3:1'])
    const { direct, viaTable, viaTableRegistry } = await definitionsBoth(modules)
    expect(viaTableRegistry.getEntry('users_delete')?.source).toBe('tools/users_get.ts:4:1')
    expect(viaTableRegistry.getEntry('req')?.source).toBe('tools/req.ts:3:1')
    expect(JSON.stringify(viaTable)).toBe(JSON.stringify(direct))
    expect(viaTableRegistry.getEntry('users_delete')?.emoji).toBe('🗑')
    expect(viaTableRegistry.getEntry('odd')?.description).toBe('spec text')
  })

  it('a module named after its first tool is written 0 by the most common pattern; any other keeps its file', async () => {
    const tool = (name: string): LazyTool => ({ name, toolset: 't', schema: {} })
    const at = (file: string, tools: LazyTool[]) =>
      ({
        file,
        sites: tools.map((t, i) => ({ name: t.name, line: i + 1, column: 1 })),
        lazy: { lazy: true, tools },
      }) as unknown as FileScan
    const scans = [
      at('src/tools/a.ts', [tool('a')]),
      at('src/tools/b.ts', [tool('b')]),
      at('lib/c.mts', [tool('c')]),
      at('src/tools/misc.ts', [tool('d')]),
      at('src/tools/xe.ts', [tool('e')]),
    ]
    const table = readBack(lazyTable(scans))
    expect(table[10]).toEqual([0, 0, 'lib/c.mts', 'src/tools/misc.ts', 'src/tools/xe.ts'])
    expect(table[11]).toEqual(['src/tools/', '.ts'])
    const registry = new ToolRegistry()
    registerLazyTable(registry, table, async () => {})
    expect(['a', 'c', 'd', 'e'].map(n => registry.getEntry(n)?.source)).toEqual([
      'src/tools/a.ts:1:1',
      'lib/c.mts:1:1',
      'src/tools/misc.ts:1:1',
      'src/tools/xe.ts:1:1',
    ])
  })

  it('one load per module, shared by its tools', async () => {
    const modules: LazyTool[][] = [
      [
        { name: 'a', toolset: 't', schema: {} },
        { name: 'b', toolset: 't', schema: {} },
      ],
      [{ name: 'c', toolset: 't', schema: {} }],
    ]
    const { viaTableRegistry: registry, loads } = await definitionsBoth(modules)
    // The stand-in modules register nothing: each call is an envelope, after importing its module.
    await Promise.all(['a', 'b', 'c'].map(n => registry.dispatch(n, {})))
    expect(loads.sort()).toEqual([0, 1])
  })

  it('the literal is printable ASCII with no apostrophe (minifiers keep it quoted, browsers decode it one byte per character) and reads back exactly', () => {
    const value = [
      'lazy`2',
      "it's",
      '\u2028\u2029',
      '\\',
      '`${x}`',
      'caf\u00e9 \u2026 \u26a1 \ud83d\ude00',
      '\n\t\u0000',
      '"quoted"',
    ]
    const literal = jsonText(value)
    expect(literal.slice(1, -1)).toMatch(/^[ -&(-~]*$/)
    expect(JSON.parse(new Function(`return ${literal}`)() as string)).toEqual(value)
    fc.assert(
      fc.property(fc.jsonValue(), v => {
        const text = jsonText(v)
        expect(text.slice(1, -1)).toMatch(/^[ -&(-~]*$/)
        expect(JSON.parse(new Function(`return ${text}`)() as string)).toEqual(JSON.parse(JSON.stringify(v)))
      }),
      { seed: 20261201, numRuns: 300 },
    )
  })

  it('a table of another format is refused', () => {
    expect(() =>
      registerLazyTable(new ToolRegistry(), ['lazy`0', [], [], []] as unknown as LazyTable, async () => ({})),
    ).toThrow(TypeError)
  })

  describe('properties (fast-check, fixed seed)', () => {
    const PARAMS = { seed: 20261201, numRuns: 200 }
    const key = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'id', "it's", 'a`b', '\u2028'),
      fc.string({ maxLength: 6 }),
    )
    const propSchema = fc.oneof(
      fc.constantFrom({ type: 'string' }, { type: 'string', description: 'ID' }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    const schema = fc.oneof(
      fc
        .record({
          description: fc.string(),
          props: fc.uniqueArray(fc.tuple(key, propSchema), { selector: ([k]) => k, maxLength: 4 }),
          req: fc.array(fc.nat(5), { maxLength: 3 }),
        })
        .map(({ description, props, req }) => {
          const properties: Record<string, unknown> = {}
          for (const [k, v] of props)
            Object.defineProperty(properties, k, { value: v, enumerable: true, writable: true, configurable: true })
          // Sometimes a required name that is not a property, or twice the same: written as the schema itself.
          const required = req.length === 0 ? undefined : req.map(i => props[i]?.[0] ?? 'missing')
          return common(description, properties, required)
        }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }),
    )
    const tool = fc.record({
      toolset: fc.constantFrom('t', 'u', "o'k"),
      schema,
      description: fc.option(fc.string(), { nil: undefined }),
    })

    it('every definition reads back as registerLazy gives it, key order included', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(tool, { minLength: 1, maxLength: 3 }), { maxLength: 4 }), async mods => {
          let n = 0
          const modules = mods.map(tools =>
            tools.map(t => ({
              name: `tool${n++}`,
              toolset: t.toolset,
              schema: t.schema as Record<string, unknown>,
              ...(t.description === undefined ? {} : { description: t.description }),
            })),
          )
          const { direct, viaTable } = await definitionsBoth(modules)
          expect(JSON.stringify(viaTable)).toBe(JSON.stringify(direct))
        }),
        PARAMS,
      )
    })
  })
})
