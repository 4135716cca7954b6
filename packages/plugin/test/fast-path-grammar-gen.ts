// A grammar of tool files built from the static values the full detector reads (see
// packages/plugin/README.md, "Static names" and "How files are scanned"): each file is
// tagged with the forms it uses, for ./fast-path-grammar.test.ts (per-form decline rates).
import fc from 'fast-check'

export interface GrammarFile {
  code: string
  file: string
  forms: string[]
}

/** How a `name` / `toolset` value is written. */
const BASES = ['literal', 'double-quoted', 'template', 'const-ref', 'const-chain', 'member', 'member-bracket'] as const
/** What wraps it (TypeScript wrappers only in TypeScript files; `<const>` only outside TSX). */
const WRAPS = ['as-const', 'satisfies', 'paren', 'non-null', 'angle-const'] as const
/** Where the spec object is written. */
const PLACES = ['inline', 'spec-const', 'spec-const-typed', 'spec-member'] as const
/** How the call sits at the top level. */
const STATEMENTS = ['plain', 'export-const-init', 'const-init', 'void', 'await', 'export-default', 'block'] as const
/**
 * How the registry is reached. `const { registry: reg } = core` is left out: the full
 * detector answers it with a TR009 (the namespace is "handed on"), so the fast path declines.
 */
const CALLEES = ['import-named', 'import-alias', 'import-namespace', 'const-alias'] as const
const NOISE = [
  'comment-register',
  'string-register',
  'jsdoc',
  'helpers',
  'export-list',
  'spread-before',
  'shared-toolset',
] as const

// Mostly plain, so that a file holds a few forms and each form's rate is mostly its own.
const field = fc.record({
  base: fc.oneof({ weight: 4, arbitrary: fc.constant('literal' as const) }, fc.constantFrom(...BASES)),
  wraps: fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, fc.subarray([...WRAPS], { minLength: 1, maxLength: 2 })),
})
const tool = fc.record({
  name: field,
  toolset: field,
  place: fc.oneof({ weight: 3, arbitrary: fc.constant('inline' as const) }, fc.constantFrom(...PLACES)),
  statement: fc.oneof({ weight: 3, arbitrary: fc.constant('plain' as const) }, fc.constantFrom(...STATEMENTS)),
  noise: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, fc.subarray([...NOISE], { minLength: 1, maxLength: 2 })),
})

type Tool = typeof tool extends fc.Arbitrary<infer T> ? T : never

export const grammarFile: fc.Arbitrary<GrammarFile> = fc
  .record({
    tools: fc.array(tool, { minLength: 1, maxLength: 4 }),
    callee: fc.constantFrom(...CALLEES),
    file: fc.constantFrom('tools/x.ts', 'tools/x.ts', 'tools/x.mts', 'tools/x.tsx', 'tools/x.js', 'tools/x.mjs'),
    semi: fc.boolean(),
  })
  .map(build)

function build({
  tools,
  callee,
  file,
  semi,
}: {
  tools: Tool[]
  callee: (typeof CALLEES)[number]
  file: string
  semi: boolean
}): GrammarFile {
  const ts = /\.[mc]?tsx?$/.test(file)
  const angle = /\.[mc]?ts$/.test(file)
  const forms = new Set<string>([callee, ts ? 'ts-file' : 'js-file'])
  if (tools.length > 1) forms.add('several-tools')
  const head: string[] = []
  const decls: string[] = []
  const body: string[] = []
  const namesObject: string[] = []
  let x = 'registry'
  if (callee === 'import-named') head.push("import { registry } from '@toolreg/core'")
  if (callee === 'import-alias') {
    head.push("import { registry as tools } from '@toolreg/core'")
    x = 'tools'
  }
  if (callee === 'import-namespace') {
    head.push("import * as core from '@toolreg/core'")
    x = 'core.registry'
  }
  if (callee === 'const-alias') {
    head.push("import { registry } from '@toolreg/core'")
    decls.push('const r = registry')
    x = 'r'
  }
  if (ts) head.push("import type { ToolSpec } from '@toolreg/core'")
  let sharedToolset = false
  let defaulted = false
  tools.forEach((t, i) => {
    const noise = new Set(t.noise)
    const value = (f: typeof t.name, raw: string, what: string): string => {
      forms.add(f.base)
      const key = `${what}${i}`
      let v: string
      switch (f.base) {
        case 'literal':
          v = `'${raw}'`
          break
        case 'double-quoted':
          v = `"${raw}"`
          break
        case 'template':
          v = `\`${raw}\``
          break
        case 'const-ref':
          decls.push(
            `${i % 2 ? 'export const' : 'const'} ${key.toUpperCase()} = '${raw}'${ts && i % 3 === 0 ? ' as const' : ''}`,
          )
          v = key.toUpperCase()
          break
        case 'const-chain':
          decls.push(
            `const ${key.toUpperCase()}_BASE = '${raw}'`,
            `const ${key.toUpperCase()} = ${key.toUpperCase()}_BASE`,
          )
          v = key.toUpperCase()
          break
        default:
          namesObject.push(`${key}: '${raw}'`)
          v = f.base === 'member' ? `NAMES.${key}` : `NAMES['${key}']`
      }
      const literal = f.base === 'literal' || f.base === 'double-quoted' || f.base === 'template'
      for (const w of f.wraps) {
        if ((w === 'as-const' || w === 'angle-const') && !literal) continue
        if (w !== 'paren' && !ts) continue
        if (w === 'angle-const' && !angle) continue
        forms.add(w)
        // `x as const!` does not parse: a postfix or prefix after a type needs parentheses.
        if ((w === 'non-null' || w === 'angle-const') && / (as const|satisfies string)$/.test(v)) v = `(${v})`
        if (w === 'as-const') v = `${v} as const`
        else if (w === 'satisfies') v = `${v} satisfies string`
        else if (w === 'paren') v = `(${v})`
        else if (w === 'non-null') v = `${v}!`
        else v = `<const>${v}`
      }
      return v
    }
    const name = value(t.name, `tool_${i}`, 'name')
    let toolset: string
    if (noise.has('shared-toolset')) {
      forms.add('shared-toolset')
      if (!sharedToolset) decls.push("const TOOLSET = 'shared'")
      sharedToolset = true
      toolset = 'TOOLSET'
    } else toolset = value(t.toolset, i % 2 ? 'web' : 'math', 'toolset')
    const props = [`name: ${name}`, `toolset: ${toolset}`]
    if (noise.has('string-register')) forms.add('string-register')
    props.push(
      noise.has('string-register') ? "description: 'Looks up who may register'" : `description: 'Tool ${i}'`,
      "schema: { type: 'object', properties: { q: { type: 'string' } } }",
      i % 2 ? 'handler: async ({ q }) => `${q}`' : 'handler(args) { return String(args) }',
    )
    if (noise.has('spread-before')) {
      forms.add('spread-before')
      decls.push(`const base${i} = { emoji: '🔧', requiresEnv: ['KEY'] }`)
      props.unshift(`...base${i}`)
    }
    const object = `{\n  ${props.join(',\n  ')},\n}`
    let arg: string
    const place = t.place === 'spec-const-typed' && !ts ? 'spec-const' : t.place
    forms.add(place)
    if (place === 'inline') arg = object
    else if (place === 'spec-member') {
      decls.push(`const SPECS${i} = { main: ${object} }`)
      arg = `SPECS${i}.main`
    } else {
      decls.push(`const spec${i} = ${object}${place === 'spec-const-typed' ? ' satisfies ToolSpec' : ''}`)
      arg = place === 'spec-const-typed' ? `spec${i} as ToolSpec` : `spec${i}`
    }
    let statement: string = t.statement
    if (statement === 'export-default' && defaulted) statement = 'plain'
    if (statement === 'export-default') defaulted = true
    forms.add(statement)
    const call = `${x}.register(${arg})`
    const stmt =
      statement === 'plain'
        ? call
        : statement === 'export-const-init'
          ? `export const tool${i} = ${call}`
          : statement === 'const-init'
            ? `const tool${i} = ${call}`
            : statement === 'void'
              ? `void ${call}`
              : statement === 'await'
                ? `await ${call}`
                : statement === 'block'
                  ? `{\n${call}\n}`
                  : `export default ${call}`
    if (noise.has('comment-register')) {
      forms.add('comment-register')
      body.push(`// register tool ${i}; registry.register is called once per tool`)
    }
    if (noise.has('jsdoc')) {
      forms.add('jsdoc')
      body.push(`/** The tool ${i}: see \`registry.register({ name: 'other' })\` */`)
    }
    if (noise.has('helpers')) {
      forms.add('helpers')
      body.push(
        ts ? `function helper${i}(a: number): number { return a / 2 }` : `function helper${i}(a) { return a / 2 }`,
      )
    }
    if (noise.has('export-list') && i === 0 && place === 'spec-const') {
      forms.add('export-list')
      body.push(`export { spec${i} }`)
    }
    body.push(stmt)
  })
  if (namesObject.length > 0) decls.unshift(`const NAMES = { ${namesObject.join(', ')} }${ts ? ' as const' : ''}`)
  const end = semi ? ';\n' : '\n'
  const code = [...head, ...decls, ...body].map(s => s + (s.startsWith('/') ? '\n' : end)).join('')
  return { code, file, forms: [...forms].sort() }
}

/** Every form the grammar can tag a file with. */
export const ALL_FORMS: readonly string[] = [
  ...BASES,
  ...WRAPS,
  ...PLACES,
  ...STATEMENTS,
  ...CALLEES,
  ...NOISE,
  'ts-file',
  'js-file',
  'several-tools',
]
