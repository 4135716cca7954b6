// Figure 1: `vite build` with the plugin vs the same project wired with
// `import.meta.glob('./tools/*.ts', { eager: true })`, cold and warm scan cache.
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { pluginCacheDir } from '../lib/generate.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { pairedRatios, roundSummary, summarize } from '../lib/stats.mjs'
import { ratio, spread } from '../lib/format.mjs'

const VITE_BUILD = fileURLToPath(new URL('../lib/vite-build.mjs', import.meta.url))

export const id = 'build'
export const title = 'vite build: plugin vs import.meta.glob'
export const method = `Each build is a fresh \`node bench/lib/vite-build.mjs <project> <mode>\` process calling Vite's programmatic \`build()\` (\`logLevel: 'silent'\`, \`configFile: false\`, minified browser build of one entry). The time is taken inside the process, from just before \`import('vite')\` to the end of \`build()\` (so loading the plugin counts, Node start-up does not). Per repetition, in this order: glob build, plugin build with \`node_modules/.cache/toolreg\` deleted (cold), plugin build again (warm: the cache the cold build left), glob build again. Ratios are paired per repetition (plugin ÷ the mean of the two glob builds around it: the shared machine's speed drifts within seconds), then the median and p25–p75 of those ratios are reported; the glob column summarizes both glob builds of every repetition. One discarded glob build per size warms the OS file cache first: "cold" means the plugin's scan cache is empty, never that the files are off the OS page cache (they are not, for either side).`

export const targets = [
  { id: 'build-cold', label: 'vite build, cold scan cache', unit: '×', op: '<=', target: 1.15, versus: 'import.meta.glob build' },
  { id: 'build-warm', label: 'vite build, warm scan cache', unit: '×', op: '<=', target: 1.05, versus: 'import.meta.glob build' },
]

export async function measure(ctx) {
  const rows = []
  for (const size of ctx.sizes) {
    const project = await ctx.project(size)
    const reps = ctx.reps(size, { 100: 7, 1000: 9, 5000: 3 })
    const build = (mode) => runNodeJson(VITE_BUILD, [project, mode, ...ctx.pluginArgs]).then((r) => r.result)
    ctx.log(`build: ${size} files, ${reps} repetitions`)
    if (!ctx.quick) await build('glob')
    const glob = []
    const globAround = []
    const cold = []
    const warm = []
    let outputs
    for (let rep = 0; rep < reps; rep++) {
      const before = await build('glob')
      await rm(pluginCacheDir(project), { recursive: true, force: true })
      const c = await build('plugin')
      const w = await build('plugin')
      const after = await build('glob')
      glob.push(before.totalMs, after.totalMs)
      globAround.push((before.totalMs + after.totalMs) / 2)
      cold.push(c.totalMs)
      warm.push(w.totalMs)
      outputs = { glob: before.output, plugin: c.output }
      ctx.log(`  rep ${rep + 1}: glob ${before.totalMs.toFixed(0)} ms, plugin cold ${c.totalMs.toFixed(0)} ms, warm ${w.totalMs.toFixed(0)} ms, glob ${after.totalMs.toFixed(0)} ms`)
    }
    ctx.shared.buildOutputs ??= {}
    ctx.shared.buildOutputs[size] = outputs
    rows.push({
      size,
      reps,
      globMs: roundSummary(summarize(glob)),
      pluginColdMs: roundSummary(summarize(cold)),
      pluginWarmMs: roundSummary(summarize(warm)),
      coldRatio: roundSummary(summarize(pairedRatios(cold, globAround))),
      warmRatio: roundSummary(summarize(pairedRatios(warm, globAround))),
    })
  }
  const at = ctx.targetRow(rows)
  return {
    rows,
    checks: [
      ctx.check('build-cold', at.coldRatio, { size: at.size, detail: `plugin ${at.pluginColdMs.median} ms vs glob ${at.globMs.median} ms` }),
      ctx.check('build-warm', at.warmRatio, { size: at.size, detail: `plugin ${at.pluginWarmMs.median} ms vs glob ${at.globMs.median} ms` }),
    ],
  }
}

export function table(result) {
  return {
    head: ['files', 'reps', 'glob ms', 'plugin cold ms', 'plugin warm ms', 'cold ratio', 'warm ratio'],
    body: result.rows.map((r) => [r.size, r.reps, spread(r.globMs), spread(r.pluginColdMs), spread(r.pluginWarmMs), ratio(r.coldRatio), ratio(r.warmRatio)]),
  }
}
