import {
  createMemoryFs,
  generateCompanionModule,
  generateModule,
  parseCompanionId,
  scanTools,
  type FileScan,
} from './internal.js'
import { describe, expect, it } from 'vitest'

const HEAD = `import { registry } from '@toolreg/core'\n`

async function scanOne(body: string, lazy: boolean | string | string[] = true, file = 'a.ts') {
  const scan = await scanTools({ root: '/p', lazy }, { fs: createMemoryFs({ [`/p/tools/${file}`]: HEAD + body }) })
  return { scan, file: scan.toolModules[0] as FileScan }
}

describe('lazy plans: static definitions of tool modules', () => {
  it('evaluates schema literals through consts, `as const`, CONST.prop, templates and signed numbers', async () => {
    const { file, scan } = await scanOne(`
const P = { type: 'object', properties: { n: { type: 'number', minimum: -1.5, maximum: +3 }, tags: { type: 'array', items: { type: \`string\` } } } } as const
const S = { params: P, text: 'About' }
registry.register({ name: 'a', toolset: 't', description: 'Desc', emoji: '🔧', schema: { description: S.text, parameters: S.params, strict: true, extra: null }, handler: () => '' })
`)
    expect(scan.diagnostics).toEqual([])
    expect(file.lazy).toEqual({
      lazy: true,
      tools: [
        {
          name: 'a',
          toolset: 't',
          description: 'Desc',
          emoji: '🔧',
          schema: {
            description: 'About',
            parameters: {
              type: 'object',
              properties: {
                n: { type: 'number', minimum: -1.5, maximum: 3 },
                tags: { type: 'array', items: { type: 'string' } },
              },
            },
            strict: true,
            extra: null,
          },
        },
      ],
    })
  })

  it.each([
    [
      'a zod schema',
      `registry.register({ name: 'a', toolset: 't', schema: { parameters: z.object({}) }, handler: () => '' })`,
      'a function call (e.g. a zod or valibot schema)',
    ],
    [
      'a spread',
      `const base = {}\nregistry.register({ name: 'a', toolset: 't', schema: { ...base }, handler: () => '' })`,
      'a spread',
    ],
    [
      'a let',
      `let d = 'x'\nregistry.register({ name: 'a', toolset: 't', schema: { description: d }, handler: () => '' })`,
      'a variable that is not a top-level const',
    ],
    [
      'a dynamic name',
      `registry.register({ name: String(1), toolset: 't', schema: {}, handler: () => '' })`,
      'a tool name or toolset is dynamic',
    ],
    [
      'override',
      `registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '', override: true })`,
      'sets `override`',
    ],
    ['no schema', `registry.register({ name: 'a', toolset: 't', handler: () => '' } as never)`, 'has no schema'],
    [
      'a computed description',
      `registry.register({ name: 'a', toolset: 't', description: 'x'.repeat(2), schema: {}, handler: () => '' })`,
      'description is not a static string',
    ],
    [
      '__proto__ in a literal',
      `registry.register({ name: 'a', toolset: 't', schema: { parameters: { __proto__: {} } }, handler: () => '' })`,
      '__proto__',
    ],
    [
      'a call in a block',
      `{\n  registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '' })\n}`,
      'inside a block',
    ],
    [
      'an array hole',
      `registry.register({ name: 'a', toolset: 't', schema: { required: ['a', , 'b'] }, handler: () => '' })`,
      'hole',
    ],
    // The detector's rule for mutated consts: the definition would miss what the module adds at run time.
    [
      'a mutated const',
      `const P = { type: 'object', properties: {} }\nP.properties.extra = { type: 'string' }\nregistry.register({ name: 'a', toolset: 't', schema: { parameters: P }, handler: () => '' })`,
      '`P` is mutated',
    ],
    [
      'a const mutated by Object.assign',
      `const S = { description: 'x' }\nObject.assign(S, { description: 'y' })\nregistry.register({ name: 'a', toolset: 't', schema: S, handler: () => '' })`,
      'not static',
    ],
    [
      'a const mutated through an alias',
      `const P = { type: 'object', properties: {} }\nconst Q = P\nQ.properties.x = {}\nregistry.register({ name: 'a', toolset: 't', schema: { parameters: P }, handler: () => '' })`,
      '`P` is mutated',
    ],
  ])('loads a file with %s eagerly, with a TR002 warning saying why', async (_what, body, reason) => {
    const { file, scan } = await scanOne(body)
    expect(file.lazy).toMatchObject({ lazy: false })
    const warnings = scan.diagnostics.filter(d => d.message.includes('loaded eagerly'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ code: 'TR002', severity: 'warning', file: 'tools/a.ts' })
    expect(warnings[0]!.message).toContain(reason)
    expect(warnings[0]!.line).toBeGreaterThan(0)
  })

  it('only the files the lazy globs select get a plan; strict makes the warning an error', async () => {
    const body = `registry.register({ name: 'a', toolset: 't', schema: {}, handler: () => '' })`
    expect((await scanOne(body, false)).file.lazy).toBeUndefined()
    expect((await scanOne(body, 'tools/b*.ts')).file.lazy).toBeUndefined()
    expect((await scanOne(body, ['tools/x.ts', 'tools/a.*'])).file.lazy).toEqual({
      lazy: true,
      tools: [{ name: 'a', toolset: 't', schema: {} }],
    })
    const strict = await scanTools(
      { root: '/p', lazy: true, strict: true },
      {
        fs: createMemoryFs({
          '/p/tools/a.ts':
            HEAD + `registry.register({ name: 'a', toolset: 't', schema: { parameters: f() }, handler: () => '' })`,
        }),
      },
    )
    expect(strict.diagnostics.map(d => [d.code, d.severity])).toEqual([['TR002', 'error']])
    await expect(scanTools({ root: '/p', lazy: [] as never })).rejects.toThrow(TypeError)
  })
})

describe('the virtual module with lazy tools', () => {
  it('the virtual module is ASCII, though the definitions it carries are not', async () => {
    const { scan } = await scanOne(
      `registry.register({ name: 'cafe', toolset: 't', emoji: '☕', schema: { description: 'Café near me… ⚡', parameters: { type: 'object', properties: { q: { type: 'string', description: 'e.g. “crème brûlée”' } } } }, handler: () => '' })`,
    )
    const code = generateModule(scan)
    expect(code).toMatch(/^[\x00-\x7f]*$/)
    const table = JSON.parse(
      new Function(
        `return ${/JSON\.parse\(('(?:[^'\\]|\\.)*')\)/.exec(code.slice(code.indexOf('__registerLazyTable(')))![1]}`,
      )() as string,
    )
    expect(table[7]).toEqual(['Café near me… ⚡'])
    expect(table[9]).toEqual([[0, { emoji: '☕' }]])
  })

  it('registers lazy definitions with one loader per module and imports the other modules', async () => {
    const scan = await scanTools(
      { root: '/p', lazy: true },
      {
        fs: createMemoryFs({
          '/p/tools/a.ts':
            HEAD +
            `registry.register({ name: 'a1', toolset: 't', schema: { description: "it's \\"q\\" </script>" }, handler: () => '' })\nregistry.register({ name: 'a2', toolset: 't', schema: {}, handler: () => '' })`,
          '/p/tools/b.ts':
            HEAD + `registry.register({ name: 'b', toolset: 't', schema: { parameters: make() }, handler: () => '' })`,
        }),
      },
    )
    const code = generateModule(scan)
    expect(code).toContain('import * as __tool0 from "/p/tools/b.ts"')
    expect(code).not.toContain('import * as __tool1')
    expect(code.match(/import\("\/p\/tools\/a\.ts"\)/g)).toHaveLength(1)
    const literal = /JSON\.parse\(('(?:[^'\\]|\\.)*')\)/.exec(code)![1]!
    // The JS string literal, read as JS reads it: no apostrophe is left in it (see src/codegen/lazy-table.ts).
    const json = new Function(`return ${literal}`)() as string
    expect(json).not.toContain("'")
    // One module of two tools; neither schema has the common shape, so each is held whole.
    expect(JSON.parse(json)).toEqual([
      'lazy`2',
      ['t'],
      [],
      [],
      [2],
      ['a1', 'a2'],
      [0, 0],
      [0, 0],
      [{ description: 'it\'s "q" </script>' }, {}],
      [],
      ['tools/a.ts'],
      ['', ''],
      ['2:1', '3:1'],
    ])
    // Sources: the companion's table names the eager tools only (the lazy table carries the others' sources);
    // the dev server's (no lazy table) names them all.
    const sourcesOf = (code: string, lazy?: boolean) => {
      const id = JSON.parse(
        code
          .split('\n')
          .find(l => l.startsWith('import "virtual:tool-registry:sources:'))!
          .slice('import '.length),
      ) as string
      const text = generateCompanionModule(scan, parseCompanionId(id)!, lazy === false ? { lazy } : {})!
      return Object.keys(
        JSON.parse(new Function(`return ${/JSON\.parse\(('(?:[^'\\]|\\.)*')\)/.exec(text)![1]}`)() as string),
      )
    }
    expect(sourcesOf(code)).toEqual(['b'])
    expect(sourcesOf(generateModule(scan, { lazy: false }), false)).toEqual(['a1', 'a2', 'b'])
    // The dev server loads every module at once.
    const eager = generateModule(scan, { lazy: false })
    expect(eager).toContain('import * as __tool1 from "/p/tools/b.ts"')
    expect(eager).not.toContain('registerLazy')
  })
})
