#!/usr/bin/env node
// What oxc-parser would cost as the full detector's parser instead of @babel/parser
// (findings: bench/experiments/oxc-fallback.md). The full detector (packages/plugin/src/detect/
// full/) parses only the files the lexer fast path declines, and every file under
// `toolreg check` / `fullParse` (packages/plugin/src/types.ts). Variants, each over the same
// files with the same dialect per extension as packages/plugin/src/detect/full/parse.ts:
//
//   babel       @babel/parser, the plugin's options (typescript / jsx per extension, decorators,
//               explicitResourceManagement, importAttributes, errorRecovery off, no comments)
//   oxc-json    oxc-parser parseSync, the standard transfer (Rust → JSON string → JSON.parse,
//               done on first read of `.program`, which every pass does)
//   oxc-raw     parseSync with `experimentalRawTransfer: true` (the AST is deserialized
//               from a shared buffer; Node 22+ only)
//   …-sem       the same with `showSemanticErrors: true`: the early errors (redeclarations,
//               `break` outside a loop, strict-mode rules…) that Babel reports and oxc's
//               default does not, so a port's TR004 ("does not parse", packages/plugin/
//               README.md) would need it
//   oxc-lazy    parseSync with `experimentalLazy: true`, then the lazy Visitor over the node
//               types the full detector's walk inspects (registry-uses.ts: calls, members,
//               identifier references, assignments…; each visited node's `start` read), then dispose()
//   oxc-lazy-0  `experimentalLazy: true` and nothing read: the native parse alone (a floor)
//
// Two corpora: the varied bench corpus (bench/lib/corpus.mjs, bench/.work/v1000/tools: the
// fast path answers all of it, so this is the `toolreg check` workload), and a corpus of
// declines: each tool file of the varied corpus rewritten with one of the shapes the fast path
// leaves to the parser (bench/fast-path-declines.md, "Shapes outside the grammar"), kept only
// when the fast path (bundled from source with esbuild) does decline it and Babel parses it.
//
// Each measurement is a fresh process, one at a time, the variants alternating: the module
// import, a first pass (JIT-cold; the time to the first file and to the tenth too), then
// --passes later passes, whose median is the warm figure. The table gives the median and
// min–max over --reps processes. Run it with the Node under test (raw transfer refuses
// Node < 22: those variants are reported as refused):
//
//   node bench/experiments/oxc-fallback.mjs [--reps 5] [--passes 10] [--size 1000]
//        [--oxc-dir /tmp/oxc/node_modules/oxc-parser] [--variants babel,oxc-json,...]
//        [--corpora varied,declines] [--json out.json]
//
// oxc-parser is not a dependency of this repository: install it anywhere (npm i oxc-parser in
// a scratch directory; its native binding is an optional dependency, no install script) and
// point --oxc-dir at the package.
import * as fs from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const BENCH = fileURLToPath(new URL('..', import.meta.url))
const PLUGIN = join(BENCH, '..', 'packages/plugin')
const VARIANTS = ['babel', 'oxc-json', 'oxc-json-sem', 'oxc-raw', 'oxc-raw-sem', 'oxc-lazy', 'oxc-lazy-0']
const { values: args } = parseArgs({
  options: {
    reps: { type: 'string', default: '5' },
    passes: { type: 'string', default: '10' },
    size: { type: 'string', default: '1000' },
    'oxc-dir': { type: 'string', default: '/tmp/oxc/node_modules/oxc-parser' },
    variants: { type: 'string', default: VARIANTS.join(',') },
    corpora: { type: 'string', default: 'varied,declines' },
    json: { type: 'string' },
    child: { type: 'string' },
    dir: { type: 'string' },
  },
})
const oxcDir = args['oxc-dir']

/** The entry of the oxc-parser package in `dir` (its `exports['.'].import`), or undefined. */
function oxcEntry(dir) {
  try {
    const pkg = JSON.parse(fs.readFileSync(join(dir, 'package.json'), 'utf8'))
    if (pkg.name !== 'oxc-parser') return undefined
    return { url: pathToFileURL(join(dir, pkg.exports?.['.']?.import ?? pkg.main)).href, version: pkg.version }
  } catch {
    return undefined
  }
}

// The dialect per extension, as packages/plugin/src/detect/full/parse.ts picks it.
const extOf = file => /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? ''
const isTs = ext => ext === 'ts' || ext === 'mts' || ext === 'cts' || ext === 'tsx'
const isJsx = ext => ext === 'tsx' || ext === 'jsx' || ext === 'js' || ext === 'mjs' || ext === 'cjs'
const COMMON = ['decorators', 'explicitResourceManagement', ['importAttributes', { deprecatedAssertSyntax: true }]]
const babelPlugins = file => {
  const ext = extOf(file)
  return [...(isTs(ext) ? ['typescript'] : []), ...(isJsx(ext) ? ['jsx'] : []), ...COMMON]
}
const oxcLang = file => {
  const ext = extOf(file)
  return isTs(ext) ? (ext === 'tsx' ? 'tsx' : 'ts') : isJsx(ext) ? 'jsx' : 'js'
}

if (args.child) {
  // ---- One fresh process: one variant over one corpus. ----
  const variant = args.child
  const names = fs.readdirSync(args.dir).sort()
  const files = names.map(n => `tools/${n}`)
  const texts = names.map(n => fs.readFileSync(join(args.dir, n), 'utf8'))
  const passes = Number(args.passes)
  const out = { variant, node: process.version, files: files.length, bytes: texts.reduce((s, t) => s + t.length, 0) }
  if (variant.startsWith('oxc') && !oxcEntry(oxcDir)) {
    console.log(JSON.stringify({ ...out, refused: `oxc-parser is missing from ${oxcDir}` }))
    process.exit(0)
  }
  const t0 = performance.now()
  let parseOne
  let errors = 0
  let sink = 0
  if (variant === 'babel') {
    const { importFrom } = await import('../lib/resolve.mjs')
    const { parse } = await importFrom(PLUGIN, '@babel/parser')
    out.importMs = performance.now() - t0
    parseOne = (code, file) => {
      try {
        sink += parse(code, {
          sourceType: 'module',
          plugins: babelPlugins(file),
          errorRecovery: false,
          attachComment: false,
        }).program.body.length
      } catch {
        errors++
      }
    }
  } else {
    const oxc = await import(oxcEntry(oxcDir).url)
    out.importMs = performance.now() - t0
    if (!variant.startsWith('oxc-json') && !oxc.rawTransferSupported()) {
      console.log(JSON.stringify({ ...out, refused: `raw transfer is not supported on Node ${process.version}` }))
      process.exit(0)
    }
    const base = { sourceType: 'module', preserveParens: false }
    if (variant.startsWith('oxc-json') || variant.startsWith('oxc-raw')) {
      const extra = {
        ...(variant.startsWith('oxc-raw') ? { experimentalRawTransfer: true } : {}),
        ...(variant.endsWith('-sem') ? { showSemanticErrors: true } : {}),
      }
      parseOne = (code, file) => {
        const r = oxc.parseSync(file, code, { ...base, ...extra, lang: oxcLang(file) })
        sink += r.program.body.length
        if (r.errors.length > 0) errors++
      }
    } else {
      // The Visitor class is fetched on first use (it loads the lazy deserializer): first-pass time.
      let visitor
      const read = node => void (sink += node.start)
      // The lazy Visitor names oxc's own (Rust) node types, not ESTree's.
      const VISITED = [
        'CallExpression',
        'ImportExpression',
        'StaticMemberExpression',
        'ComputedMemberExpression',
        'IdentifierReference',
        'AssignmentExpression',
        'UpdateExpression',
        'UnaryExpression',
        'ForInStatement',
        'ForOfStatement',
      ]
      parseOne = (code, file) => {
        const r = oxc.parseSync(file, code, { ...base, experimentalLazy: true, lang: oxcLang(file) })
        if (variant === 'oxc-lazy') {
          visitor ??= new (oxc.experimentalGetLazyVisitor())(Object.fromEntries(VISITED.map(t => [t, read])))
          r.visit(visitor)
          if (r.errors.length > 0) errors++
        }
        r.dispose()
      }
    }
  }
  const pass = marks => {
    const start = performance.now()
    for (let i = 0; i < texts.length; i++) {
      parseOne(texts[i], files[i])
      if (marks && (i === 0 || i === 9)) marks.push(performance.now() - start)
    }
    return performance.now() - start
  }
  const marks = []
  out.firstMs = pass(marks)
  out.firstFileMs = marks[0]
  out.first10Ms = marks[1]
  out.errors = errors
  out.laterMs = []
  for (let p = 0; p < passes; p++) out.laterMs.push(pass())
  out.maxRssMiB = process.resourceUsage().maxRSS / 1024
  out.sink = sink
  console.log(JSON.stringify(out))
  process.exit(0)
}

// ---- The parent: the corpora, then the processes one at a time. ----
const { ensureVariedProject } = await import('../lib/generate.mjs')
const { runNodeJson } = await import('../lib/proc.mjs')
const { summarize, median } = await import('../lib/stats.mjs')
const { importFrom } = await import('../lib/resolve.mjs')

const size = Number(args.size)
const varied = join(await ensureVariedProject(join(BENCH, '.work', `v${size}`), size), 'tools')

/** The fast path, bundled from source (it is not exported by the built plugin). */
async function loadFastPath() {
  const esbuild = await importFrom(join(BENCH, '..'), 'esbuild')
  const result = await esbuild.build({
    entryPoints: [join(PLUGIN, 'src/detect/fast/detect.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  })
  const code = Buffer.from(result.outputFiles[0].text).toString('base64')
  return (await import(`data:text/javascript;base64,${code}`)).fastDetectRegisterCalls
}

// The declined shapes of packages/plugin/test/fast-path-unseen.test.ts (its DECLINED list, the
// ones the full detector answers cleanly), each applied to one tool file: `replace` rewrites the
// file's first call, the others append a call (or a component) at the end.
const S = `schema: { description: 'd', parameters: { type: 'object', properties: {} } }, handler: async () => ''`
const FIRST = 'registry.register('
const SHAPES = {
  genericCall: { ts: true, replace: 'registry.register<{ q: string }>(' },
  commentsBetween: { replace: 'registry /* c */ .register( /* spec */ ' },
  unicodeEscape: { append: k => `registry.register({ name: 'extra\\u005F${k}', toolset: 'b', ${S} })` },
  twoDeclarators: {
    append: k =>
      `const extraName = 'extra_${k}', extraToolset = 'b'\nregistry.register({ name: extraName, toolset: extraToolset, ${S} })`,
  },
  computedKey: { append: k => `registry.register({ ['name']: 'extra_${k}', toolset: 'b', ${S} })` },
  parenSatisfies: {
    ts: true,
    append: k => `registry.register(({ name: 'extra_${k}', toolset: 'b', ${S} }) satisfies object)`,
  },
  jsx: { jsx: true, append: () => `export const ExtraView = () => <div className="extra">{String(1)}</div>` },
}

/** bench/.work/oxc-declines-<size>/tools (generated, git-ignored): the varied corpus's tool files, each with one declined shape. */
async function ensureDeclines() {
  const dir = join(BENCH, '.work', `oxc-declines-${size}`, 'tools')
  const stampFile = join(dir, '..', '.bench-corpus.json')
  const stamp = JSON.stringify({ version: 1, size, shapes: Object.keys(SHAPES) })
  try {
    if (fs.readFileSync(stampFile, 'utf8') === stamp)
      return { dir, perShape: JSON.parse(fs.readFileSync(join(dir, '..', 'shapes.json'), 'utf8')) }
  } catch {}
  const fast = await loadFastPath()
  const { parse } = await importFrom(PLUGIN, '@babel/parser')
  fs.rmSync(join(dir, '..'), { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const perShape = {}
  let k = 0
  for (const name of fs.readdirSync(varied).sort()) {
    const code = fs.readFileSync(join(varied, name), 'utf8')
    if (!code.includes("import { registry } from '@toolreg/core'") || !code.includes(FIRST)) continue // helper modules
    const ext = extOf(name)
    const fits = Object.entries(SHAPES).filter(([, s]) => (!s.ts || isTs(ext)) && (!s.jsx || isJsx(ext)))
    const [shape, s] = fits[k % fits.length]
    const text = s.replace ? code.replace(FIRST, s.replace) : `${code.replace(/\n*$/, '\n')}${s.append(k)}\n`
    k++
    const file = `tools/${name}`
    if (fast(text, file) !== undefined) continue // answered by the fast path: the parser never sees it
    try {
      parse(text, { sourceType: 'module', plugins: babelPlugins(file), errorRecovery: false, attachComment: false })
    } catch {
      continue
    }
    perShape[shape] = (perShape[shape] ?? 0) + 1
    fs.writeFileSync(join(dir, name), text)
  }
  fs.writeFileSync(join(dir, '..', 'shapes.json'), JSON.stringify(perShape))
  fs.writeFileSync(stampFile, stamp)
  return { dir, perShape }
}

const corpora = {}
const wanted = args.corpora.split(',')
if (wanted.includes('varied')) {
  // How many of them the parser gets in a build: the files the fast path declines.
  const fast = await loadFastPath()
  const declined = fs
    .readdirSync(varied)
    .filter(n => fast(fs.readFileSync(join(varied, n), 'utf8'), `tools/${n}`) === undefined)
  corpora.varied = { dir: varied, note: `fast path declines ${declined.length}/${fs.readdirSync(varied).length}` }
}
if (wanted.includes('declines')) {
  const { dir, perShape } = await ensureDeclines()
  corpora.declines = {
    dir,
    note: Object.entries(perShape)
      .map(([s, n]) => `${s} ${n}`)
      .join(', '),
  }
}

const oxc = oxcEntry(oxcDir)
console.log(`Node ${process.version}; oxc-parser ${oxc ? oxc.version : `MISSING at ${oxcDir} (oxc variants refused)`}`)
for (const [name, c] of Object.entries(corpora)) console.log(`corpus ${name}: ${c.dir} (${c.note})`)

const self = fileURLToPath(import.meta.url)
const variants = args.variants.split(',')
const runs = {} // `${corpus}|${variant}` → child results
for (let rep = 0; rep < Number(args.reps); rep++) {
  for (const corpus of Object.keys(corpora)) {
    for (const variant of variants) {
      const childArgs = ['--child', variant, '--dir', corpora[corpus].dir, '--passes', args.passes, '--oxc-dir', oxcDir]
      const { result } = await runNodeJson(self, childArgs)
      ;(runs[`${corpus}|${variant}`] ??= []).push(result)
    }
  }
  process.stderr.write(`rep ${rep + 1}/${args.reps} done\n`)
}

const fmt = s => (s.n === 0 ? '—' : `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`)
const rows = []
for (const [key, results] of Object.entries(runs)) {
  const [corpus, variant] = key.split('|')
  const refused = results.find(r => r.refused)?.refused
  const ok = results.filter(r => !r.refused)
  const pick = f => summarize(ok.map(f))
  rows.push({
    corpus,
    variant,
    refused,
    files: results[0].files,
    errors: ok[0]?.errors,
    importMs: pick(r => r.importMs),
    firstFileMs: pick(r => r.firstFileMs),
    first10Ms: pick(r => r.first10Ms),
    firstMs: pick(r => r.firstMs),
    laterMs: pick(r => median(r.laterMs)),
    maxRssMiB: pick(r => r.maxRssMiB),
  })
}
console.log(
  '\n| corpus | variant | files | import ms | 1st file ms | 10 files ms | first pass ms | later pass ms (median) | µs/file warm | max RSS MiB |',
)
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  if (r.refused) {
    console.log(`| ${r.corpus} | ${r.variant} | ${r.files} | refused: ${r.refused} | | | | | | |`)
    continue
  }
  const perFile = ((r.laterMs.median / r.files) * 1000).toFixed(0)
  const err = r.errors ? ` (${r.errors} errors)` : ''
  console.log(
    `| ${r.corpus} | ${r.variant}${err} | ${r.files} | ${fmt(r.importMs)} | ${fmt(r.firstFileMs)} | ${fmt(r.first10Ms)} | ${fmt(r.firstMs)} | ${fmt(r.laterMs)} | ${perFile} | ${r.maxRssMiB.median.toFixed(0)} |`,
  )
}
console.log(`\nmedian (min–max) over ${args.reps} fresh processes; later pass: each process's median of ${args.passes}`)
if (args.json)
  fs.writeFileSync(args.json, JSON.stringify({ node: process.version, oxc: oxc?.version, corpora, runs }, null, 2))
