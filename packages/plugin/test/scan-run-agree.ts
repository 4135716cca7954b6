// The oracle and the grammar of the differential test (./scan-differential.test.ts and
// `npm run fuzz:scan`): generated tool files are scanned, then run against a fresh
// ToolRegistry, and the two must agree (packages/plugin/README.md, "The scan and the run
// agree"): every static name the scan reports is registered when the module loads, and
// every registered name is a static name or covered by TR002, TR005 or TR009.
import { Worker } from 'node:worker_threads'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { transform } from 'esbuild'
import fc from 'fast-check'
import { detectRegisterCalls as ours } from '@toolreg/plugin'

// FUZZ_DETECTOR: another build's detect.js (say, an older commit's) to find what it got wrong.
const detectRegisterCalls: typeof ours = process.env.FUZZ_DETECTOR
  ? ((await import(pathToFileURL(process.env.FUZZ_DETECTOR).href)) as { detectRegisterCalls: typeof ours })
      .detectRegisterCalls
  : ours

// ---------------------------------------------------------------------------
// Running a module against a fresh registry, in a worker: Node's own ES module loader
// imports each transpiled file as a data: URL, with `@toolreg/core` replaced by a stub
// module that exports that case's fresh ToolRegistry.

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const silent = { debug() {}, info() {}, warn() {}, error() {} }
globalThis.__toolregStubs = new Map()
let core
parentPort.on('message', async ({ id, js }) => {
  core ??= await import(workerData.coreUrl)
  const registry = new core.ToolRegistry({ logger: silent })
  globalThis.__toolregStubs.set(id, registry)
  const stub = 'data:text/javascript,' + encodeURIComponent('export const registry = globalThis.__toolregStubs.get(' + id + ')')
  const code = js.replaceAll('"@toolreg/core"', JSON.stringify(stub)) + '\\n// case ' + id
  let error = null
  try {
    await import('data:text/javascript,' + encodeURIComponent(code))
  } catch (e) {
    error = String(e && e.message || e)
  }
  globalThis.__toolregStubs.delete(id)
  parentPort.postMessage({ id, names: registry.getAllToolNames(), error })
})
`

export interface RunResult {
  names: string[]
  /** The module threw while loading (what it registered before stays). */
  error: string | null
}

export function createRunner() {
  const coreUrl = pathToFileURL(fileURLToPath(import.meta.resolve('@toolreg/core'))).href
  const worker = new Worker(WORKER, { eval: true, workerData: { coreUrl } })
  const pending = new Map<number, (r: RunResult) => void>()
  worker.on('message', (m: RunResult & { id: number }) => {
    pending.get(m.id)?.(m)
    pending.delete(m.id)
  })
  let next = 0
  return {
    async run(ts: string): Promise<RunResult> {
      const { code: js } = await transform(ts, { loader: 'ts', format: 'esm', target: 'es2022' })
      const id = next++
      return new Promise(resolve => {
        pending.set(id, resolve)
        worker.postMessage({ id, js })
      })
    },
    close: () => worker.terminate(),
  }
}

export interface Verdict {
  ok: boolean
  why: string
  staticNames: string[]
  registered: string[]
  codes: string[]
  /** The module threw while loading. */
  threw: boolean
  /** The generated file does not parse (two pieces got the same number while shrinking): no verdict. */
  skipped: boolean
}

/** Scan `ts`, run it, compare. */
export async function judge(ts: string, runner: ReturnType<typeof createRunner>): Promise<Verdict> {
  const scan = detectRegisterCalls(ts, 'tools/gen.ts')
  const codes = [...new Set(scan.diagnostics.map(d => d.code))].sort()
  const staticNames = scan.sites.flatMap(s => (s.name === null ? [] : [s.name]))
  const run = codes.includes('TR004') ? { names: [], error: 'not run' } : await runner.run(ts)
  const verdict = (ok: boolean, why: string): Verdict => ({
    ok,
    why,
    staticNames,
    registered: run.names,
    codes,
    threw: run.error !== null,
    skipped: codes.includes('TR004'),
  })
  if (codes.includes('TR004'))
    return verdict(true, `the generated file does not parse: ${scan.diagnostics[0]!.message}`)
  if (run.error === null) {
    const missing = staticNames.filter(n => !run.names.includes(n))
    if (missing.length > 0) return verdict(false, `static names not registered: ${missing.join(', ')}`)
  }
  const covered = codes.some(c => c === 'TR002' || c === 'TR005' || c === 'TR009')
  const unknown = run.names.filter(n => !staticNames.includes(n))
  if (unknown.length > 0 && !covered)
    return verdict(false, `registered without a static name or a TR002/TR005/TR009: ${unknown.join(', ')}`)
  return verdict(true, '')
}

// ---------------------------------------------------------------------------
// The grammar. A statement is code plus the declarations it needs at the top; each `@`
// of one generated piece becomes the same fresh number, so every site names its own tool
// and declares its own consts.

interface Piece {
  decls: string[]
  code: string
}

const uid = fc.noBias(fc.integer({ min: 1, max: 2 ** 30 }))
/** Give the `@`s of a piece (not those of pieces already inside it) one fresh number. */
const fresh = (piece: Piece, id: number): Piece => ({
  decls: piece.decls.map(d => d.replaceAll('@', `§${id}§`)),
  code: piece.code.replaceAll('@', `§${id}§`),
})

const HEADER = [
  "import { registry } from '@toolreg/core'",
  "import { registry as aliased } from '@toolreg/core'",
  "import * as core from '@toolreg/core'",
  '// registry.register({ name: "comment_ghost" })',
  'const text = "registry.register({ name: \'string_ghost\' })"',
  'void text',
]

// What some callees need declared first (each only when used: `let letAlias = registry`
// alone is a TR009, and would cover every other name of the file).
const DECLS: Record<string, string[]> = {
  constAlias: ['const constAlias = registry'],
  destructured: ['const { registry: destructured } = core'],
  chained: ['const constAlias = registry', 'const chained = constAlias'],
  letAlias: ['let letAlias = registry'],
  getRegistry: ['function getRegistry() { return registry }'],
  KEY: ["const KEY = 'register'"],
  dynamicKey: ["let dynamicKey = 'register'"],
  BASE: ["const BASE = { toolset: 't', schema: {}, handler: () => 'ok' }"],
  PROTO: ["const PROTO = { name: 'from_proto' }"],
}
/** The declarations a piece of code needs, by the names it mentions. */
const declsOf = (code: string): string[] =>
  Object.entries(DECLS).flatMap(([name, decls]) => (new RegExp(`\\b${name}\\b`).test(code) ? decls : []))

/** Callees that the scanner attributes, and ones it must report as TR009. */
const CALLEES = [
  'registry.register',
  'aliased.register',
  'core.registry.register',
  "core['registry'].register",
  'constAlias.register',
  'destructured.register',
  'chained.register',
  "registry['register']",
  'registry[`register`]',
  "registry['re\\u0067ister']",
  'registry.re\\u0067ister',
  'registry?.register',
  '(registry).register',
  'registry!.register',
  '(registry as any).register',
  '(<any>registry).register',
  'registry[KEY]',
  'registry.register?.',
]
/** Callees the scanner cannot attribute: TR009. */
const UNATTRIBUTABLE = [
  'letAlias.register',
  'getRegistry().register',
  'registry[dynamicKey]',
  "registry['reg' + 'ister']",
]
const INDIRECT = [
  (spec: string) => `registry.register.call(registry, ${spec})`,
  (spec: string) => `registry.register.apply(registry, [${spec}])`,
  (spec: string) => `registry.register.bind(registry)(${spec})`,
  (spec: string) => `[${spec}].forEach((s) => getRegistry().register(s))`,
]

const nameExpr: fc.Arbitrary<Piece> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<Piece>(
      { decls: [], code: "'t@'" },
      { decls: [], code: '`t@`' },
      { decls: ["const NAME@ = 't@'"], code: 'NAME@' },
      { decls: ["const NAME@ = 't@' as const"], code: 'NAME@' },
      { decls: ["const SCHEMA@ = { name: 't@' } as const"], code: 'SCHEMA@.name' },
      { decls: ["const SCHEMA@ = { name: 't@' }"], code: "SCHEMA@['name']" },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Piece>(
      { decls: ["const SCHEMA@ = { name: 't@' }", "SCHEMA@.name = 'mutated@'"], code: 'SCHEMA@.name' },
      { decls: ["const N@ = '@'"], code: '`t${N@}`' },
      { decls: [], code: "'t' + '@'" },
    ),
  },
)

const shapeIndex = fc.oneof(
  { weight: 8, arbitrary: fc.constant(0) },
  { weight: 7, arbitrary: fc.integer({ min: 1, max: 7 }) },
)
const objectSpec: fc.Arbitrary<Piece> = fc.tuple(nameExpr, shapeIndex).map(([name, shape]) => {
  const rest = "toolset: 't', schema: {}, handler: () => 'ok'"
  const code = [
    `{ name: ${name.code}, ${rest} }`,
    `{ ...BASE, name: ${name.code} }`,
    `{ name: ${name.code}, ...BASE }`,
    `{ __proto__: { name: ${name.code} }, ${rest} }`,
    `{ __proto__: PROTO, name: ${name.code}, ${rest} }`,
    `{ ['name']: ${name.code}, ${rest} }`,
    `{ name: 'early_@', ${rest}, name: ${name.code} }`,
    `{ get name() { return ${name.code} }, ${rest} }`,
  ][shape]!
  return { decls: name.decls, code }
})

const wrap = (spec: string, how: number): string =>
  [spec, `(${spec})`, `(${spec} as any)`, `(${spec} satisfies object)`, `(${spec})!`, `((${spec}))`][how]!

/** A spec argument: inline, or a top-level const (maybe mutated somewhere). */
const specArg: fc.Arbitrary<Piece> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(objectSpec, fc.integer({ min: 0, max: 5 }))
      .map(([s, how]) => ({ decls: s.decls, code: wrap(s.code, how) })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(objectSpec, fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 }))).map(([s, mutation]) => {
      const decl = `const SPEC@ = ${s.code}`
      const mutations = [
        [],
        [],
        ["SPEC@.name = 'renamed@'"],
        ['delete (SPEC@ as any).name'],
        ["Object.assign(SPEC@, { name: 'assigned@' })"],
        ["Object.defineProperty(SPEC@, 'name', { value: 'defined@' })"],
        ['function later@() { (SPEC@ as any).toolset = "u" }', 'void later@'],
      ][mutation]!
      // The mutation may come before the call or after it: either way the const is not static.
      return { decls: [...s.decls, decl, ...mutations], code: 'SPEC@' }
    }),
  },
)

const call: fc.Arbitrary<Piece> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(fc.constantFrom(...CALLEES), specArg)
      .map(([callee, spec]) => ({ decls: spec.decls, code: `${callee}(${spec.code})` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...UNATTRIBUTABLE), specArg)
      .map(([callee, spec]) => ({ decls: spec.decls, code: `${callee}(${spec.code})` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...INDIRECT), specArg)
      .map(([f, spec]) => ({ decls: spec.decls, code: f(spec.code) })),
  },
)

/** Where a statement stands: the module body, a block of it (no `export`), a function (no `await` either). */
type Place = 'module' | 'block' | 'function'

/** A call in one of the positions a statement allows there. */
const callStatement = (place: Place): fc.Arbitrary<Piece> =>
  fc.tuple(call, fc.integer({ min: 0, max: place === 'module' ? 4 : 3 }), uid).map(([c, how, id]) =>
    fresh(
      {
        decls: c.decls,
        code: [
          c.code,
          `void ${c.code}`,
          place === 'function' ? c.code : `await ${c.code}`,
          `const entry@ = ${c.code}`,
          `export const exported@ = ${c.code}`,
        ][how]!,
      },
      id,
    ),
  )

/** A statement around inner ones: its own `@`s are numbered before the inner pieces go in. */
const join = (pieces: Piece[], f: (codes: string[]) => string): fc.Arbitrary<Piece> =>
  uid.map(id => {
    const marker = '\u0000'
    const template = f(pieces.map((_, i) => `${marker}${i}${marker}`)).replaceAll('@', `§${id}§`)
    return {
      decls: pieces.flatMap(p => p.decls),
      code: template.replace(/\u0000(\d+)\u0000/g, (_, i: string) => pieces[Number(i)]!.code),
    }
  })

const lines = (codes: string[]): string => codes.map(c => c + ';').join('\n')

function statement(depth: number, place: Place): fc.Arbitrary<Piece> {
  const inner = (p: Place): fc.Arbitrary<Piece> => (depth > 1 ? statement(depth - 1, p) : callStatement(p))
  const nested: Place = place === 'function' ? 'function' : 'block'
  const block = (p: Place = nested) => fc.array(inner(p), { minLength: 1, maxLength: 2 })
  return fc.oneof(
    { weight: 16, arbitrary: callStatement(place) },
    { weight: 1, arbitrary: block().chain(b => join(b, c => `{\n${lines(c)}\n}`)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('[]', '[1]', '[1, 2]'), block())
        .chain(([list, b]) => join(b, c => `for (const x@ of ${list}) {\n${lines(c)}\n}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 2 }), block())
        .chain(([n, b]) => join(b, c => `for (let i@ = 0; i@ < ${n}; i@++) {\n${lines(c)}\n}`)),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.boolean(), block()).chain(([cond, b]) => join(b, c => `if (${cond}) {\n${lines(c)}\n}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.boolean(), call, uid)
        .map(([cond, c, id]) => fresh({ decls: c.decls, code: `${cond} ? ${c.code} : 0` }, id)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(block(), block(), fc.boolean())
        .chain(([a, b, cond]) =>
          join(
            [...a, ...b],
            c =>
              `L@: {\n${lines(c.slice(0, a.length))}\n${cond ? 'if (Math.random() < 2) ' : ''}break L@\n${lines(c.slice(a.length))}\n}`,
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(block(), fc.constantFrom('break', 'continue'))
        .chain(([b, jump]) => join(b, c => `for (const y@ of [1]) {\n${jump}\n${lines(c)}\n}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(block('function'), fc.boolean())
        .chain(([b, called]) => join(b, c => `function f@() {\n${lines(c)}\n}\n${called ? 'f@()' : ''}`)),
    },
    { weight: 1, arbitrary: block('function').chain(b => join(b, c => `;(() => {\n${lines(c)}\n})()`)) },
    { weight: 1, arbitrary: block('function').chain(b => join(b, c => `class C@ {\n  static {\n${lines(c)}\n  }\n}`)) },
    { weight: 1, arbitrary: block().chain(b => join(b, c => `try {\n${lines(c)}\n} catch {}`)) },
    {
      weight: 1,
      arbitrary: uid.map(id =>
        fresh(
          {
            decls: [],
            code: "// registry.register({ name: 'ghost@' })\nconst s@ = `registry.register({ name: 'ghost@' })`",
          },
          id,
        ),
      ),
    },
  )
}

/** A whole tool file: the header, then statements; sometimes an unconditional throw somewhere. */
export const toolFile: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(statement(2, 'module'), { minLength: 1, maxLength: 4 }),
    fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat(4) }),
  )
  .map(([statements, throwAt]) => {
    const codes = statements.map(s => s.code)
    if (throwAt !== undefined) codes.splice(Math.min(throwAt, codes.length), 0, "throw new Error('stop')")
    const body = [...statements.flatMap(s => s.decls), ...codes].map(c => c + ';').join('\n')
    const needed = [...new Set(declsOf(body))]
    const text = [...HEADER, ...needed, body].join('\n') + '\n'
    // Small numbers, in order of appearance, for readable counterexamples.
    const numbers = new Map<string, number>()
    return text.replace(/§(\d+)§/g, (_, id: string) =>
      String(numbers.get(id) ?? (numbers.set(id, numbers.size + 1), numbers.size)),
    )
  })
