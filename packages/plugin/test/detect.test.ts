import { describe, expect, it } from 'vitest'
import { detectRegisterCalls, type DetectOptions } from './internal.js'

const IMPORT = "import { registry } from '@toolreg/core'\n"
const detect = (code: string, file = 'tools/x.ts', options?: DetectOptions) => detectRegisterCalls(code, file, options)
const codes = (code: string, file?: string, options?: DetectOptions) =>
  detect(code, file, options).diagnostics.map(d => d.code)
const names = (code: string, file?: string, options?: DetectOptions) =>
  detect(code, file, options).sites.map(s => [s.name, s.toolset])

describe('what counts as a register call', () => {
  it('finds registry.register at the top level with its 1-based position', () => {
    const r = detect(
      `${IMPORT}\nregistry.register({ name: 'search', toolset: 'web', schema: {}, handler: () => '' })\n`,
    )
    expect(r.isToolModule).toBe(true)
    expect(r.diagnostics).toEqual([])
    expect(r.sites).toHaveLength(1)
    expect(r.sites[0]).toMatchObject({
      name: 'search',
      toolset: 'web',
      file: 'tools/x.ts',
      line: 3,
      column: 1,
    })
  })

  it('follows an aliased import of a registry module', () => {
    const code = "import { registry as tools } from '@toolreg/core'\ntools.register({ name: 'a', toolset: 't' })\n"
    expect(names(code)).toEqual([['a', 't']])
  })

  it('follows a namespace import: ns.registry.register, ns["registry"]["register"], ns?.registry', () => {
    const code = [
      "import * as core from '@toolreg/core'",
      "core.registry.register({ name: 'a', toolset: 't' })",
      "core['registry']['register']({ name: 'b', toolset: 't' })",
      "core?.registry?.register({ name: 'c', toolset: 't' })",
    ].join('\n')
    expect(names(code)).toEqual([
      ['a', 't'],
      ['b', 't'],
      ['c', 't'],
    ])
  })

  it('ignores aliases and namespaces of modules that are not registry modules', () => {
    const code =
      "import { registry as r } from './other'\nimport * as ns from './other'\nr.register({ name: 'a', toolset: 't' })\nns.registry.register({ name: 'b', toolset: 't' })\n"
    const r = detect(code)
    expect(r.isToolModule).toBe(false)
    expect(r.diagnostics).toEqual([])
  })

  it('honours registryModules', () => {
    const code = "import { registry as r } from '~/registry'\nr.register({ name: 'a', toolset: 't' })\n"
    expect(names(code, undefined, { registryModules: ['~/registry'] })).toEqual([['a', 't']])
    expect(detect(code).isToolModule).toBe(false)
  })

  it('accepts the identifier registry whatever its binding, as the seed did', () => {
    expect(names("import { registry } from './mine'\nregistry.register({ name: 'a', toolset: 't' })")).toEqual([
      ['a', 't'],
    ])
  })

  it('does not count a type-only import as an alias', () => {
    const code = "import type { registry as r } from '@toolreg/core'\nr.register({ name: 'a', toolset: 't' })\n"
    expect(detect(code).isToolModule).toBe(false)
  })

  it.each([
    ['optional member', "registry?.register({ name: 'a', toolset: 't' })"],
    ['optional call', "registry.register?.({ name: 'a', toolset: 't' })"],
    ['computed string', "registry['register']({ name: 'a', toolset: 't' })"],
    ['computed template', "registry[`register`]({ name: 'a', toolset: 't' })"],
    ['non-null assertion', "registry!.register({ name: 'a', toolset: 't' })"],
    ['void', "void registry.register({ name: 'a', toolset: 't' })"],
    ['await', "await registry.register({ name: 'a', toolset: 't' })"],
    ['const initializer', "const entry = registry.register({ name: 'a', toolset: 't' })"],
    ['let initializer', "let entry = registry.register({ name: 'a', toolset: 't' })"],
    ['exported const', "export const entry = registry.register({ name: 'a', toolset: 't' })"],
    ['const await initializer', "export const entry = await registry.register({ name: 'a', toolset: 't' })"],
    ['export default', "export default registry.register({ name: 'a', toolset: 't' })"],
    ['block', "{\n  registry.register({ name: 'a', toolset: 't' })\n}"],
    ['labeled block', "setup: {\n  registry.register({ name: 'a', toolset: 't' })\n}"],
  ])('counts a top-level call: %s', (_, stmt) => {
    const r = detect(IMPORT + stmt + '\n')
    expect(r.isToolModule).toBe(true)
    expect(r.sites.map(s => s.name)).toEqual(['a'])
    expect(r.diagnostics).toEqual([])
  })

  it.each([
    ['function', "export function setup() {\n  registry.register({ name: 'a', toolset: 't' })\n}"],
    ['arrow', "export const setup = () => registry.register({ name: 'a', toolset: 't' })"],
    ['class method', "class A { m() { registry.register({ name: 'a', toolset: 't' }) } }"],
    ['if', "if (process.env.X) registry.register({ name: 'a', toolset: 't' })"],
    ['else', "if (a) {} else { registry.register({ name: 'a', toolset: 't' }) }"],
    ['switch', "switch (x) { case 1: registry.register({ name: 'a', toolset: 't' }) }"],
    ['try', "try { registry.register({ name: 'a', toolset: 't' }) } catch {}"],
    ['while', "while (x) registry.register({ name: 'a', toolset: 't' })"],
    ['do…while', "do registry.register({ name: 'a', toolset: 't' }); while (x)"],
    ['ternary', "x ? registry.register({ name: 'a', toolset: 't' }) : null"],
    ['&&', "x && registry.register({ name: 'a', toolset: 't' })"],
    ['??', "x ?? registry.register({ name: 'a', toolset: 't' })"],
    ['argument of another call', "wrap(registry.register({ name: 'a', toolset: 't' }))"],
  ])('only nested in a %s: TR005 and not a tool module', (_, stmt) => {
    const code = IMPORT + stmt + '\n'
    const r = detect(code)
    expect(r.isToolModule).toBe(false)
    expect(r.sites).toEqual([])
    expect(r.diagnostics).toHaveLength(1)
    const [d] = r.diagnostics
    expect(d).toMatchObject({ code: 'TR005', severity: 'warning', file: 'tools/x.ts' })
    // The diagnostic points at the nested call.
    const lines = code.split('\n')
    expect(lines[d!.line - 1]!.slice(d!.column - 1)).toMatch(/^registry\.register/)
    expect(d!.frame).toContain('registry.register')
  })

  it.each([
    ['for body', "for (let i = 0; i < 1; i++) registry.register({ name: 'a', toolset: 't' })"],
    ['for…of body', "for (const x of [1]) { registry.register({ name: 'a', toolset: 't' }) }"],
    ['for…in body', "for (const k in {}) registry.register({ name: 'a', toolset: 't' })"],
    ['labeled for body', "outer: for (const x of []) { registry.register({ name: 'a', toolset: 't' }) }"],
  ])(
    'a call in a loop body is a tool module site with a dynamic name (the body may run zero or many times): %s',
    (_, stmt) => {
      const r = detect(IMPORT + stmt + '\n')
      expect(r.isToolModule).toBe(true)
      expect(r.sites.map(s => [s.name, s.toolset])).toEqual([[null, 't']])
      expect(r.diagnostics.map(d => d.code)).toEqual(['TR002'])
      expect(r.diagnostics[0]!.message).toContain('loop')
    },
  )

  it('a nested call next to a top-level one is TR009: the tools it registers are not known to the build', () => {
    const r = detect(
      `${IMPORT}registry.register({ name: 'a', toolset: 't' })\nexport function again() { registry.register({ name: 'a', toolset: 't' }) }\n`,
    )
    expect(r.isToolModule).toBe(true)
    expect(r.sites).toHaveLength(1)
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'TR009', severity: 'warning', line: 3, column: 27 }),
    ])
  })

  it('skips files without the substring "register" without parsing them', () => {
    // A syntax error would be TR004 if the file were parsed.
    expect(detect('export const x = ((( \n')).toEqual({ isToolModule: false, sites: [], diagnostics: [] })
    expect(detect('')).toEqual({ isToolModule: false, sites: [], diagnostics: [] })
  })

  it('a file that mentions register but never calls it is not a tool module and gets no diagnostic', () => {
    expect(detect('// we register nothing here\nexport const register = 1\nfoo.register()\n')).toEqual({
      isToolModule: false,
      sites: [],
      diagnostics: [],
    })
  })
})

describe('static names and toolsets', () => {
  const call = (spec: string, before = '') => `${IMPORT}${before}\nregistry.register(${spec})\n`

  it.each([
    ['string literal', "{ name: 'a', toolset: 't' }", ''],
    ['template literal without expressions', '{ name: `a`, toolset: `t` }', ''],
    ['top-level const', '{ name: NAME, toolset: SET }', "const NAME = 'a'\nconst SET = 't'"],
    ['exported const', '{ name: NAME, toolset: SET }', "export const NAME = 'a'\nexport const SET = `t`"],
    [
      'const through as const',
      '{ name: NAME, toolset: SET }',
      "const NAME = 'a' as const\nconst SET = ('t' satisfies string)",
    ],
    ['const of a const', '{ name: N2, toolset: SET }', "const NAME = 'a'\nconst N2 = NAME\nconst SET = 't'"],
    ['shorthand property', '{ name, toolset }', "const name = 'a'\nconst toolset = 't'"],
    ['CONST.prop', '{ name: SCHEMA.name, toolset: SCHEMA.set }', "const SCHEMA = { name: 'a', set: 't' } as const"],
    [
      "CONST['prop']",
      "{ name: SCHEMA['name'], toolset: 't' }",
      "const SCHEMA = { name: 'a' } satisfies Record<string, string>",
    ],
    ['nested CONST.a.b', '{ name: C.tools.search, toolset: C.set }', "const C = { tools: { search: 'a' }, set: 't' }"],
    ['quoted keys', "{ 'name': 'a', ['toolset']: 't' }", ''],
    ['a spread before the property', "{ ...base, name: 'a', toolset: 't' }", ''],
    ['an identifier bound to a top-level const object', 'SPEC', "const SPEC = { name: 'a', toolset: 't', schema: {} }"],
    [
      'an identifier bound to a const object with as const',
      'SPEC',
      "const SPEC = { name: 'a', toolset: 't' } as const",
    ],
    ['a later property of the same key wins', "{ name: 'x', toolset: 't', name: 'a' }", ''],
  ])('%s is static', (_, spec, before) => {
    const r = detect(call(spec, before))
    expect(r.diagnostics).toEqual([])
    expect(r.sites.map(s => [s.name, s.toolset])).toEqual([['a', 't']])
  })

  it.each([
    ['a template literal with an expression', "{ name: `tool_${n}`, toolset: 't' }", 'const n = 1', 'Tool name is'],
    ['a let binding', "{ name: NAME, toolset: 't' }", "let NAME = 'a'", 'Tool name is'],
    ['a function call', "{ name: makeName(), toolset: 't' }", '', 'Tool name is'],
    ['an unknown identifier', "{ name: NAME, toolset: 't' }", '', 'Tool name is'],
    ['a spread after the property', "{ name: 'a', toolset: 't', ...overrides }", '', 'Tool name and toolset are'],
    ['a spread before only the name', "{ ...base, name: 'a' }", '', 'Toolset is'],
    [
      'CONST.prop with a spread after prop',
      "{ name: S.name, toolset: 't' }",
      "const S = { name: 'a', ...more }",
      'Tool name is',
    ],
    ['a getter', "{ get name() { return 'a' }, toolset: 't' }", '', 'Tool name is'],
    [
      'an unknown computed key after the name',
      "{ name: 'a', toolset: 't', [key]: 'b' }",
      '',
      'Tool name and toolset are',
    ],
    ['a spec built by a call', 'makeSpec()', '', 'Tool name and toolset are'],
    ['an identifier bound to let', 'SPEC', "let SPEC = { name: 'a', toolset: 't' }", 'Tool name and toolset are'],
    ['a spread argument', '...specs', '', 'Tool name and toolset are'],
  ])('%s is dynamic: TR002', (_, spec, before, what) => {
    const r = detect(call(spec, before))
    expect(r.isToolModule).toBe(true)
    expect(r.diagnostics.map(d => d.code)).toEqual(['TR002'])
    expect(r.diagnostics[0]!.severity).toBe('warning')
    expect(r.diagnostics[0]!.message).toContain(`${what} dynamic`)
  })

  it('a top-level loop over a list of specs is TR002, pointing into the loop', () => {
    const code = `${IMPORT}const specs = [{ name: 'a', toolset: 't' }, { name: 'b', toolset: 't' }]\nfor (const spec of specs) {\n  registry.register(spec)\n}\n`
    const r = detect(code)
    expect(r.isToolModule).toBe(true)
    expect(r.sites).toEqual([expect.objectContaining({ name: null, toolset: null, line: 4, column: 3 })])
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'TR002', line: 4, column: 21 })])
    expect(r.diagnostics[0]!.message).toContain('in a loop')
  })

  it('a loop variable shadows a top-level const of the same name', () => {
    const code = `${IMPORT}const spec = { name: 'a', toolset: 't' }\nfor (const spec of list) registry.register(spec)\n`
    expect(codes(code)).toEqual(['TR002'])
  })

  it('a block-scoped const shadows a top-level one', () => {
    const code = `${IMPORT}const NAME = 'a'\n{\n  const NAME = other()\n  registry.register({ name: NAME, toolset: 't' })\n}\n`
    expect(codes(code)).toEqual(['TR002'])
  })

  it.each([
    ['a number', "{ name: 42, toolset: 't' }", 'Tool name must be a string, got the number 42'],
    ['null', "{ name: null, toolset: 't' }", 'Tool name must be a string, got null'],
    ['a boolean const', "{ name: FLAG, toolset: 't' }", 'Tool name must be a string, got the boolean true'],
    ['a missing CONST.prop', "{ name: S.nope, toolset: 't' }", 'Tool name must be a string, got undefined'],
    ['no name at all', "{ toolset: 't' }", 'Tool name is missing'],
    ['a numeric toolset', "{ name: 'a', toolset: 7 }", 'Toolset must be a string, got the number 7'],
    ['an empty toolset', "{ name: 'a', toolset: '' }", 'Toolset must not be empty'],
    ['no toolset', "{ name: 'a' }", 'Toolset is missing'],
  ])('a static non-string or missing field is TR003: %s', (_, spec, message) => {
    const r = detect(call(spec, "const FLAG = true\nconst S = { name: 'a' }"))
    expect(r.diagnostics.map(d => d.code)).toEqual(['TR003'])
    expect(r.diagnostics[0]!.severity).toBe('error')
    expect(r.diagnostics[0]!.message).toContain(message)
  })

  it('register() without arguments is TR003', () => {
    const r = detect(`${IMPORT}registry.register()\n`)
    expect(r.diagnostics.map(d => d.code)).toEqual(['TR003'])
  })

  it('points TR003 at the name value, even when it is defined in a const object', () => {
    const code = `${IMPORT}const SPEC = {\n  name: 'has space',\n  toolset: 't',\n}\nregistry.register(SPEC)\n`
    const [d] = detect(code).diagnostics
    expect(d).toMatchObject({ code: 'TR003', line: 3, column: 9 })
    expect(d!.message).toBe('Tool name "has space" breaks the portable name rule /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/')
    expect(d!.frame).toContain("> 3 |   name: 'has space',")
  })

  it('reports every call of a file, in source order, with its own site', () => {
    const code = `${IMPORT}registry.register({ name: 'a', toolset: 't' })\n  registry.register({ name: 'a', toolset: 'u' }, { source: 'x' })\n`
    const r = detect(code)
    expect(r.sites.map(s => [s.name, s.toolset, s.line, s.column])).toEqual([
      ['a', 't', 2, 1],
      ['a', 'u', 3, 3],
    ])
    // Duplicates are cross-file knowledge: detection alone does not report them.
    expect(r.diagnostics).toEqual([])
    const first = r.sites[0]!
    expect(code.slice(first.start, first.end)).toBe("registry.register({ name: 'a', toolset: 't' })")
  })
})

describe('parsing', () => {
  it('TR004 for a syntax error, with the parser position made 1-based and a frame', () => {
    const code = `${IMPORT}registry.register({ name: 'a', toolset: 't' })\nconst x = ;\n`
    const r = detect(code)
    expect(r.isToolModule).toBe(false)
    expect(r.diagnostics).toHaveLength(1)
    expect(r.diagnostics[0]).toMatchObject({ code: 'TR004', severity: 'error', line: 3, column: 11 })
    expect(r.diagnostics[0]!.message).toMatch(/^Cannot parse tools\/x\.ts: Unexpected token/)
    expect(r.diagnostics[0]!.frame).toContain('> 3 | const x = ;')
    expect(r.diagnostics[0]!.frame).toMatch(/\|\s{11}\^/)
  })

  it.each([
    [
      'tools/x.ts',
      "const n = <string>value\nclass A { @dec m(): void {} }\nusing res = open()\nimport data from './d.json' with { type: 'json' }",
    ],
    ['tools/x.mts', 'const n = value as unknown as number\nexport type T = { a: string }'],
    ['tools/x.tsx', 'const el = <div>{(x: number) => x}</div>\nconst f = <T,>(v: T): T => v'],
    ['tools/x.jsx', 'const el = <div className="a">hi</div>'],
    ['tools/x.js', 'const el = <b />\n@dec class A {}'],
    ['tools/x.mjs', "import data from './d.json' assert { type: 'json' }"],
  ])('parses %s with the syntax its extension allows', (file, body) => {
    const r = detect(`${IMPORT}${body}\nregistry.register({ name: 'a', toolset: 't' })\n`, file)
    expect(r.diagnostics).toEqual([])
    expect(r.isToolModule).toBe(true)
  })

  it('does not enable JSX for .ts (where <T>x is a cast) nor TypeScript for .js', () => {
    expect(
      codes(`${IMPORT}const el = <div></div>\nregistry.register({ name: 'a', toolset: 't' })`, 'tools/x.ts'),
    ).toEqual(['TR004'])
    expect(codes(`${IMPORT}const n: number = 1\nregistry.register({ name: 'a', toolset: 't' })`, 'tools/x.js')).toEqual(
      ['TR004'],
    )
  })
})
