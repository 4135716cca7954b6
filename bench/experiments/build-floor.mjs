#!/usr/bin/env node
// What any plugin built like SPEC §3.6 costs a `vite build`, before toolreg does
// anything: the same 1000-file project built with import.meta.glob (the SPEC's
// alternative) and with glob plus a stand-in plugin whose only work is a transform
// hook on every tool module returning the code with one string appended (the least a
// plugin that must inject `{ source }` into each tool module can do). toolreg's warm
// build (scan cache present) is run alongside. Each build is a fresh process; the
// variants alternate; paired ratios against the glob build of the same round.
//
//   node bench/experiments/build-floor.mjs [--size 1000] [--reps 9]
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureProject } from '../lib/generate.mjs'
import { pairedRatios, summarize } from '../lib/stats.mjs'

const BENCH = fileURLToPath(new URL('..', import.meta.url))
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    reps: { type: 'string', default: '9' },
    child: { type: 'string' },
  },
})

if (args.child) {
  // One build, timed like bench/lib/vite-build.mjs: from before import('vite') to the end of build().
  const { performance } = await import('node:perf_hooks')
  const { importFrom } = await import('../lib/resolve.mjs')
  const [project, mode] = args.child.split('::')
  const t0 = performance.now()
  const { build } = await importFrom(project, 'vite')
  const plugins = []
  if (mode === 'transform-only') {
    plugins.push({
      name: 'transform-only',
      enforce: 'pre',
      transform: {
        filter: { id: /[\\/]tools[\\/]/ },
        handler: code => ({ code: code + '\n', moduleSideEffects: true }),
      },
    })
  }
  if (mode === 'toolreg-warm') plugins.push((await importFrom(project, '@toolreg/plugin/vite')).default())
  await build({
    root: project,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      outDir: join(project, `dist-floor-${mode}`),
      emptyOutDir: true,
      reportCompressedSize: false,
      rolldownOptions: { input: join(project, `src/${mode === 'toolreg-warm' ? 'plugin' : 'glob'}-entry.ts`) },
    },
  })
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0 }) + '\n')
  process.exit(0)
}

const size = Number(args.size)
const project = await ensureProject(join(BENCH, '.work', `p${size}`), size)
const modes = ['glob', 'transform-only', 'toolreg-warm']
const run = mode => {
  const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', `${project}::${mode}`], {
    encoding: 'utf8',
  })
  if (out.status !== 0) throw new Error(`${mode} build failed:\n${out.stderr}`)
  return JSON.parse(out.stdout.trim().split('\n').pop()).ms
}
for (const mode of modes) run(mode) // warm the OS cache and toolreg's scan cache
const times = Object.fromEntries(modes.map(m => [m, []]))
for (let i = 0; i < Number(args.reps); i++) for (const mode of modes) times[mode].push(run(mode))
const fmt = s => `${s.median.toFixed(0)} ms (p25–p75 ${s.p25.toFixed(0)}–${s.p75.toFixed(0)})`
console.log(`vite build of ${size} tool files, ${args.reps} rounds`)
for (const mode of modes) {
  const ratio =
    mode === 'glob' ? '' : `   ÷ glob: ${summarize(pairedRatios(times[mode], times.glob)).median.toFixed(3)}×`
  console.log(`${mode.padEnd(15)} ${fmt(summarize(times[mode]))}${ratio}`)
}
