#!/usr/bin/env node
// toolreg benchmarks (SPEC §7): each figure measured side by side with its alternative.
//
//   node bench/run.mjs [--quick] [--only build,scan,dev,coldstart,runtime,size]
//                      [--sizes 100,1000] [--reps N] [--out DIR] [--work DIR] [--plugin-dir DIR]
//                      [--note TEXT] [--render]
//
// Full runs write bench/RESULTS.md, bench/results.json, bench/results.svg and append to
// bench/history.json; --quick (tiny sizes, 1 repetition) writes to bench/.work/quick/,
// partial runs (--only, --sizes, --reps) to bench/.work/partial/.
import { mkdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureProject, ensureVariedProject } from './lib/generate.mjs'
import { collectEnvironment } from './lib/machine.mjs'
import { writeReport } from './lib/report.mjs'
import { FIGURES } from './figures/index.mjs'

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url))
/** The size SPEC §7 states its targets at. */
const TARGET_SIZE = 1000

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    sizes: { type: 'string' },
    reps: { type: 'string' },
    out: { type: 'string' },
    work: { type: 'string' },
    'plugin-dir': { type: 'string' },
    note: { type: 'string' },
    // Re-render RESULTS.md and results.svg from results.json (e.g. after bench/at-commits.mjs).
    render: { type: 'boolean', default: false },
  },
})

const quick = args.quick
const workDir = resolve(args.work ?? join(BENCH_DIR, '.work'))
// Only a full run (no --quick, --only, --sizes or --reps) replaces the committed results.
const fullRun = !quick && !args.only && !args.sizes && !args.reps
const outDir = resolve(args.out ?? (fullRun ? BENCH_DIR : join(workDir, quick ? 'quick' : 'partial')))
const sizes = args.sizes ? args.sizes.split(',').map(Number) : quick ? [20] : [100, 1000, 5000]
const only = args.only ? new Set(args.only.split(',')) : null
const unknown = only && [...only].filter(name => !FIGURES.some(f => f.id === name))
if (unknown?.length) {
  console.error(`unknown figure(s): ${unknown.join(', ')}; known: ${FIGURES.map(f => f.id).join(', ')}`)
  process.exit(2)
}

const log = line => process.stderr.write(`${line}\n`)
if (args.render) {
  const results = JSON.parse(await readFile(join(outDir, 'results.json'), 'utf8'))
  log(`re-rendered ${(await writeReport(results, { outDir, benchDir: BENCH_DIR, history: false })).join(', ')}`)
  process.exit(0)
}
const shared = {}
const startedAt = new Date()
const environment = await collectEnvironment(args['plugin-dir'])
await mkdir(outDir, { recursive: true })

const figures = {}
let failed = false
for (const figure of FIGURES) {
  if (only && !only.has(figure.id)) continue
  const ctx = figureContext(figure)
  const t0 = Date.now()
  log(`== ${figure.id}: ${figure.title}`)
  try {
    const result = await figure.measure(ctx)
    figures[figure.id] = { title: figure.title, method: figure.method, ...result, seconds: (Date.now() - t0) / 1000 }
  } catch (error) {
    // A figure that cannot run is reported as such; the others still run.
    const reason = String(error?.stack ?? error)
      .split('\n')
      .slice(0, 6)
      .join('\n')
    log(`!! ${figure.id} failed: ${reason}`)
    if (!figure.optional) failed = true
    figures[figure.id] = {
      title: figure.title,
      method: figure.method,
      error: reason,
      rows: [],
      checks: figure.targets.map(t => ctx.notMeasured(t.id, firstLine(reason))),
      seconds: (Date.now() - t0) / 1000,
    }
  }
  log(`   ${figures[figure.id].seconds.toFixed(1)} s`)
}

const results = {
  schema: 1,
  quick,
  date: startedAt.toISOString(),
  durationSeconds: (Date.now() - startedAt.getTime()) / 1000,
  targetSize: TARGET_SIZE,
  sizes,
  environment,
  note: args.note,
  figures,
}
const written = await writeReport(results, { outDir, benchDir: BENCH_DIR, history: fullRun && !args.out })
log(`wrote ${written.join(', ')}`)
process.exit(failed ? 1 : 0)

function figureContext(figure) {
  const targets = new Map(figure.targets.map(t => [t.id, t]))
  const base = (id, extra) => {
    const target = targets.get(id)
    if (!target) throw new Error(`${figure.id}: no target ${id}`)
    return { figure: figure.id, ...target, ...extra }
  }
  return {
    quick,
    sizes,
    shared,
    log,
    workDir,
    pluginArgs: args['plugin-dir'] ? ['--plugin-dir', resolve(args['plugin-dir'])] : [],
    /** Repetitions for a size: 1 in quick mode, else --reps or the figure's default. */
    reps: (n, defaults) => (quick ? 1 : Number(args.reps ?? defaults[n] ?? 3)),
    project: n => ensureProject(join(workDir, `p${n}`), n),
    /** A project of the varied corpus (bench/lib/corpus.mjs): the build figure's. */
    variedProject: n => ensureVariedProject(join(workDir, `v${n}`), n),
    /** The row at the size the SPEC targets (1000 files), else the nearest measured size. */
    targetRow: rows => [...rows].sort((a, b) => Math.abs(a.size - TARGET_SIZE) - Math.abs(b.size - TARGET_SIZE))[0],
    check(id, summary, extra = {}) {
      const c = base(id, { ...extra, summary, measured: summary?.median })
      const ok = c.op === '<=' ? c.measured <= c.target : c.measured >= c.target
      c.status = Number.isFinite(c.measured) ? (ok ? 'pass' : 'fail') : 'not-measured'
      if (c.size !== undefined && c.size !== TARGET_SIZE && c.sizeBound !== false)
        c.note = [c.note, `measured at ${c.size} files, the target is stated for ${TARGET_SIZE}`]
          .filter(Boolean)
          .join('; ')
      return c
    },
    notMeasured: (id, reason, extra = {}) => base(id, { ...extra, status: 'not-measured', reason }),
  }
}

function firstLine(text) {
  return text.split('\n')[0].slice(0, 300)
}
