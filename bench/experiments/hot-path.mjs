#!/usr/bin/env node
// Micro-experiments behind the profiling findings (bench/PROFILE.md): the building blocks
// of the plugin's hot path over the N files of a generated project, each variant run 7
// times in one process, alternating, median reported (the first run shows JIT warm-up).
// (The magic-string variants left with the per-module transform: no tool module is rewritten.)
//
//   node bench/experiments/hot-path.mjs [--size 1000]
import * as fs from 'node:fs'
import * as fsp from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureProject } from '../lib/generate.mjs'
import { importFrom } from '../lib/resolve.mjs'

const BENCH = fileURLToPath(new URL('..', import.meta.url))
const { values: args } = parseArgs({ options: { size: { type: 'string', default: '1000' } } })
const size = Number(args.size)
const project = await ensureProject(join(BENCH, '.work', `p${size}`), size)
const dir = join(project, 'tools')
const paths = fs.readdirSync(dir).map(n => join(dir, n))

const t = performance.now()
const { parse } = await importFrom(join(BENCH, '..', 'packages/plugin'), '@babel/parser')
const babelImportMs = performance.now() - t

const texts = paths.map(p => fs.readFileSync(p, 'utf8'))
const plugins = [
  'typescript',
  'decorators',
  'explicitResourceManagement',
  ['importAttributes', { deprecatedAssertSyntax: true }],
]
const at = code => code.lastIndexOf('})') + 1
const inserted = ', { source: "tools/x.ts:7:1" }'
const cacheJson = JSON.stringify(
  Object.fromEntries(
    paths.map((p, i) => [
      p,
      {
        size: texts[i].length,
        mtimeMs: 1,
        sites: [{ name: `t${i}`, toolset: 's', line: 7, column: 1, start: 90, end: 1200 }],
        diagnostics: [],
      },
    ]),
  ),
)

const variants = {
  'I/O: fs.promises stat + readFile per file (scanner today)': () =>
    Promise.all(paths.map(async p => (await fsp.stat(p), fsp.readFile(p)))),
  'I/O: fs.promises readFile per file': () => Promise.all(paths.map(p => fsp.readFile(p))),
  'I/O: statSync + readFileSync loop': () => paths.map(p => (fs.statSync(p), fs.readFileSync(p))),
  'warm check: fs.promises stat per file': () => Promise.all(paths.map(p => fsp.stat(p))),
  'warm check: statSync loop': () => paths.map(p => fs.statSync(p)),
  'warm check: JSON.parse of a one-file cache': () => JSON.parse(cacheJson),
  'parse: @babel/parser (scanner today)': () => texts.forEach(code => parse(code, { sourceType: 'module', plugins })),
  'parse: @babel/parser attachComment:false': () =>
    texts.forEach(code => parse(code, { sourceType: 'module', plugins, attachComment: false })),
  'transform: string splice, map: null': () =>
    texts.forEach(code => code.slice(0, at(code)) + inserted + code.slice(at(code))),
  'sha1 of every source (sourceHash)': () => texts.forEach(code => createHash('sha1').update(code).digest('base64url')),
}

const results = Object.fromEntries(Object.keys(variants).map(k => [k, []]))
for (let round = 0; round < 7; round++) {
  for (const [name, fn] of Object.entries(variants)) {
    const t0 = performance.now()
    await fn()
    results[name].push(performance.now() - t0)
  }
}
console.log(`${size} files; import @babel/parser ${babelImportMs.toFixed(1)} ms`)
console.log(`${'variant'.padEnd(66)} first ms  median ms`)
for (const [name, times] of Object.entries(results)) {
  const first = times[0]
  const sorted = [...times].sort((a, b) => a - b)
  console.log(`${name.padEnd(66)} ${first.toFixed(1).padStart(8)}  ${sorted[3].toFixed(1).padStart(9)}`)
}
