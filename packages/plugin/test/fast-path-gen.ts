// A grammar of tool files for the fast path's differential test: the common
// shape and, around it, every way a file can leave it (aliases, wrappers,
// escapes, comments, strings and regexes holding `register`, throws, loops…).
import fc from 'fast-check'

const NAMES = ['search', 'add', 'ping', 'bad name', '1digit', 'a.b', '', 'x'.repeat(70)]
const TOOLSETS = ['web', 'math', '']

const quote = (s: string, q: string) => `${q}${s}${q}`

/** A value for `name` or `toolset`. */
const fieldValue = (pool: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...pool).map(s => quote(s, "'")) },
    { weight: 40, arbitrary: fc.constantFrom(...pool.slice(0, 2)).map(s => quote(s, "'")) },
    { weight: 2, arbitrary: fc.constantFrom(...pool).map(s => quote(s, '"')) },
    { weight: 2, arbitrary: fc.constantFrom(...pool).map(s => quote(s, '`')) },
    fc.constantFrom(
      '`a${1}`',
      'NAME',
      'SPEC.name',
      "'a' + 'b'",
      "'a' as const",
      '42',
      'null',
      '{}',
      '() => 1',
      "'re\\u0067'",
      "'a\\nb'",
      "'it\\'s'",
      '`line\nbreak`',
      'undefined',
      "('paren')",
    ),
  )

const handler = fc.constantFrom(
  "handler: () => ''",
  'handler: async (args) => { return String(args) }',
  'handler(args) { if (!args) throw new Error("x"); return "" }',
  'async handler(args: unknown): Promise<string> { return `${String(args)}` }',
  "handler: (a) => a.replace(/\\/+$/, '').split('/')",
  'handler: (a) => (a.length + 1) / 2',
  "handler: function (a) { for (const k of [1]) { if (k) break } return '' }",
  "handler: () => { /* register */ return 'register' }",
  'handler: () => registry.register',
  'handler: () => /register/.source',
  "handler: () => <div>it's</div>",
  'handler: (x) => x++ / 2',
)

const plainProperty = fc.constantFrom(
  "schema: { name: 'inner', description: 'A tool', parameters: { type: 'object', properties: {} } }",
  'schema: {}',
  "description: 'desc'",
  "emoji: '🔧'",
  "requiresEnv: ['A_KEY']",
)
const extraProperty = fc.constantFrom(
  '...BASE',
  '[KEY]: 1',
  "['name']: 'computed'",
  '__proto__: {}',
  "'__proto__': {}",
  'name',
  'toolset',
  "get name() { return 'g' }",
  "'name': 'quoted'",
  '"toolset": "quoted"',
  'async *gen() {}',
  'get: 1',
  'set() {}',
  'tags: [`a`, `b${1}`]',
  'nested: { name: 1, toolset: 2 }',
  'value: a ? { b: 1 } : c',
)

const spec: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fieldValue(NAMES), { nil: undefined, freq: 8 }),
    fc.option(fieldValue(TOOLSETS), { nil: undefined, freq: 8 }),
    fc.array(fc.oneof({ weight: 3, arbitrary: handler }, { weight: 4, arbitrary: plainProperty }, extraProperty), {
      maxLength: 3,
    }),
    fc.boolean(),
    fc.boolean(),
  )
  .chain(([name, toolset, extras, multiline, trailingComma]) =>
    fc
      .shuffledSubarray(
        [
          ...(name !== undefined ? [`name: ${name}`] : []),
          ...(toolset !== undefined ? [`toolset: ${toolset}`] : []),
          ...extras,
        ],
        { minLength: 0 },
      )
      .map(props => {
        const ordered = props.length === 0 ? [] : props
        const sep = multiline ? ',\n  ' : ', '
        const body = ordered.join(sep) + (trailingComma && ordered.length > 0 ? ',' : '')
        return multiline ? `{\n  ${body}\n}` : `{ ${body} }`
      }),
  )

/** The callee: the accepted spellings and their neighbours. */
const callee = fc.oneof(
  { weight: 40, arbitrary: fc.constant('registry.register') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'tools.register',
      'core.registry.register',
      'typed.register',
      'other.register',
      'ns.registry.register',
    ),
  },
  fc.constantFrom(
    'registry?.register',
    "registry['register']",
    'registry.register?.',
    '(registry).register',
    'registry!.register',
    'registry.register.call',
    'registry.registerLazy',
    'registry.re\\u0067ister',
    "registry['re\\u0067ister']",
    'r.register',
    'registry /* c */ .register',
    'registry\n.register',
    'core.registry?.register',
    'core["registry"].register',
    'registry.register<Spec>',
    'foo.registry.register',
    'alias.register',
  ),
)

const call = fc
  .tuple(callee, spec, fc.constantFrom('', '', '', ', { source: "x" }', ', ...rest', ','))
  .map(([c, s, more]) => (c === 'registry.register.call' ? `${c}(registry, ${s})` : `${c}(${s}${more})`))

/** A register call as a statement, wrapped or not. */
const callStatement = fc
  .tuple(
    call,
    fc.oneof(
      { weight: 60, arbitrary: fc.constant('%') },
      fc.constantFrom(
        'if (ok) %',
        'if (ok) {}\nelse %',
        'for (const x of []) %',
        'for (const x of [])\n%',
        'while (false) %',
        'do %; while (false)',
        '{ % }',
        'label: %',
        'label: { % }',
        'void %',
        'await %',
        'const e = %',
        'export const e = %',
        'export default %',
        'ok && %',
        'ok ? % : 0',
        '() => %',
        'function f() { % }',
        'class C { static { % } }',
        '%.then(() => 1)',
        '% as unknown',
        'x = 1\n%',
        'x\n%',
        'x++\n%',
        'y = a +\n%',
        '(%)',
        'try { % } catch {}',
        'switch (x) { case 1: % }',
        'throw new Error("stop")\n%',
        '{ throw 1 }\n%',
        'l: { break l }\n%',
        '/* register */ %',
        '% // register',
        '%\n(0)',
        '%\n[0]',
        '%\n`t`',
        '% satisfies unknown',
        'declare function f(): void\n{ throw 1 }\n%',
      ),
    ),
  )
  .map(([c, wrap]) => wrap.replace('%', () => c))

const plainStatement = fc.constantFrom(
  'const x = 1',
  'let ok = true',
  'type Spec = { name: string }',
  'interface Args { [key: string]: unknown }',
  'function helper(a: number): number { return a / 2 }',
  'const half = (a: number) => (a + 1) / 2',
)
const otherStatement = fc.constantFrom(
  "const NAME = 'const_name'",
  "export const NAME = 'exported_name'",
  "const NAME = 'as_const' as const",
  "const NAME = 'bad name'",
  'const NAME = `tpl_name`',
  "const NAME: string = 'typed'",
  "let NAME = 'let_name'",
  "const NAME = 'a', OTHER = 'b'",
  'NAME.x = 1',
  'console.log(NAME)',
  "const name = 'short_name'",
  '// the registry holds the tools; NAME is their name',
  "const note = 'see the registry for NAME'",
  '/* registry */ const n = 1',
  'const re2 = /registry|NAME/',
  'const t2 = `${registry}`',
  'const t3 = `registry ${NAME}`',
  'const t4 = `${tools} and registry`',
  "const SCHEMA = { type: 'object' } satisfies Record<string, unknown>",
  'const LIMITS = { max: 10 } as const',
  'const u = v as A.B | C',
  'const w = v as Map<string, Array<number>>',
  'const q = a as b < c',
  'const p = x satisfies Y[]',
  "const SPEC = { name: 'spec_name', toolset: 'web' }",
  "const BASE = { name: 'base' }",
  "const KEY = 'name'",
  'const x = 1',
  'let ok = true',
  'const r = registry',
  'const { registry: reg } = core',
  '// registry.register is called below',
  "const text = 'register me'",
  'const re = /register/g',
  'const t = `${register}`',
  'function helper(a: number): number { return a / 2 }',
  'function h(): { a: number } { return { a: 1 } }',
  'export function later() { registry.register({ name: "later", toolset: "web" }) }',
  'type Spec = { name: string }',
  'interface Args { [key: string]: unknown }',
  'const half = (a: number) => (a + 1) / 2',
  'const c = a < b',
  'const el = <div>register</div>',
  "const s = 'a\\\nb'",
  'SPEC.name = "changed"',
  'delete SPEC.name',
  'Object.assign(SPEC, { name: "assigned" })',
  'class A { static { throw 1 } }',
  '#!/usr/bin/env node',
  "const u = 'caf\\u00e9'",
  'x = y\n/re/g.test(z)',
  'const q = a / b / c',
  'label: for (;;) { break label }',
  'const reg = { register: 1 }',
  'enum E { A }',
  'namespace N { export const a = 1 }',
  'const e = `a${`b${1}`}`',
)

const importLine = fc.constantFrom(
  "import { registry } from '@toolreg/core'",
  "import { registry as tools } from '@toolreg/core'",
  "import * as core from '@toolreg/core'",
  "import type { registry as typed } from '@toolreg/core'",
  "import { type registry as typed } from '@toolreg/core'",
  "import { registry as other } from './other'",
  "import * as ns from './other'",
  "import { registry as alias } from '~/registry'",
  "import * as ns from '~/registry'",
  "import def, { registry as tools } from '@toolreg/core'",
  "import { 'registry' as tools } from '@toolreg/core'",
  "import { registry as tools } from '@toolreg/core' with { type: 'js' }",
  "import './side-effect.js'",
  'import fs = require("fs")',
  "import type Spec from './spec'",
)

const separator = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('\n', '\n\n', ';\n', '; ', '\r\n', '\n/* a\nb */\n') },
  fc.constantFrom(' ', '\u2028', '\r'),
)

export interface GeneratedFile {
  code: string
  file: string
  registryModules?: readonly string[]
  names?: 'portable' | 'openai' | 'gemini'
}

const goodCall = fc
  .tuple(
    fc.constantFrom('search', 'add', 'ping', 'web_search'),
    fc.constantFrom('web', 'math'),
    fc.array(fc.oneof(handler, plainProperty), { maxLength: 2 }),
  )
  .map(
    ([name, toolset, extras]) =>
      `registry.register({ name: '${name}', toolset: '${toolset}'${extras.map(e => `, ${e}`).join('')} })`,
  )

/**
 * A whole tool file: imports, then mostly plain statements and calls, with at most
 * a few departures from the common shape (so most files come close to it).
 */
export const toolFile: fc.Arbitrary<GeneratedFile> = fc
  .tuple(
    fc.uniqueArray(
      fc.oneof({ weight: 4, arbitrary: fc.constant("import { registry } from '@toolreg/core'") }, importLine),
      { maxLength: 2 },
    ),
    fc.array(fc.oneof({ weight: 3, arbitrary: goodCall }, plainStatement), { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.nat(), fc.oneof({ weight: 3, arbitrary: callStatement }, otherStatement)), { maxLength: 2 }),
    fc.array(separator, { minLength: 8, maxLength: 8 }),
    fc.constantFrom('tools/x.ts', 'tools/x.ts', 'tools/x.tsx', 'tools/x.js', 'tools/x.mts'),
    fc.constantFrom(undefined, ['@toolreg/core', '~/registry']),
    fc.constantFrom(undefined, 'portable' as const, 'openai' as const, 'gemini' as const),
  )
  .map(([imports, statements, departures, seps, file, registryModules, names]) => {
    const body = [...statements]
    for (const [at, statement] of departures) body.splice(at % (body.length + 1), 0, statement)
    const parts = [...imports, ...body]
    const code = parts.map((p, i) => p + (seps[i % seps.length] ?? '\n')).join('')
    return { code, file, ...(registryModules ? { registryModules } : {}), ...(names ? { names } : {}) }
  })

/** Files made only of the common shape: the fast path must take every one of them. */
export const commonFile: fc.Arbitrary<GeneratedFile> = fc
  .tuple(
    fc.constantFrom(
      ["import { registry } from '@toolreg/core'", 'registry'],
      ["import { registry as tools } from '@toolreg/core'", 'tools'],
      ["import * as core from '@toolreg/core'", 'core.registry'],
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom('search', 'add', 'web_search', 'A-b_9'),
        fc.constantFrom('web', 'math'),
        fc.array(
          fc.constantFrom(
            "schema: { name: 'inner', parameters: { type: 'object' } }",
            'handler: async (a) => { if (!a) throw new Error("x"); return `${a}` }',
            "handler(args) { return String(args).replace(/\\s+/g, ' ') }",
            "emoji: '🔧'",
            'description: "say \\"hi\\"\\n"',
            'handler: (a) => (a.length + 1) / 2',
          ),
          { maxLength: 3 },
        ),
        fc.constantFrom("'", '"', '`'),
        // The name inline, or from a top-level const (declared, exported, `as const`).
        fc.constantFrom('inline', 'const', 'export const', 'as const'),
        // How the spec ends: plain, or (TypeScript) `satisfies ToolSpec` / `as Spec.Tool`.
        fc.constantFrom('', '', ' satisfies ToolSpec', ' as Spec.Tool'),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom('\n', ';\n', '\r\n'),
    fc.constantFrom('tools/x.ts', 'tools/x.js', 'tools/x.tsx', 'tools/x.mjs'),
  )
  .map(([[imp, x], calls, sep, file]) => {
    const ts = /\.tsx?$/.test(file)
    const consts: string[] = []
    const body = calls.map(([name, toolset, extras, q, how, typed], i) => {
      let value = `${q}${name}${q}`
      if (how !== 'inline') {
        const local = `TOOL_NAME_${i}`
        const suffix = how === 'as const' && ts ? ' as const' : ''
        consts.push(`${how === 'export const' ? 'export const' : 'const'} ${local} = ${value}${suffix}`)
        value = local
      }
      return `${x}.register({\n  name: ${value},\n  toolset: ${q}${toolset}${q},\n${extras.map(e => `  ${e},\n`).join('')}}${ts ? typed : ''})`
    })
    const helpers = ts
      ? ['interface Args { [key: string]: unknown }', 'function half(a: number): { n: number } { return { n: a / 2 } }']
      : ['const LIMIT = 10 / 2']
    return { code: [imp, ...consts, ...helpers, ...body].join(sep) + sep, file }
  })
