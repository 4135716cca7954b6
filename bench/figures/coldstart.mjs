// Figure 4: cold start — a fresh Node process imports the built bundle until the registry
// is ready, vs runtime discovery (readdir + import() of each file) of the same tools.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ratio, spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { pairedRatios, roundSummary, summarize } from '../lib/stats.mjs'

const VITE_BUILD = fileURLToPath(new URL('../lib/vite-build.mjs', import.meta.url))
const CHILD = fileURLToPath(new URL('../lib/coldstart-child.mjs', import.meta.url))

export const id = 'coldstart'
export const title = 'cold start: built bundle vs runtime discovery'
export const method = `The project is built once with the plugin as a Node bundle (\`build.ssr: 'src/ssr-entry.ts'\`, \`ssr.noExternal: true\`, one ES module, not minified — Vite's SSR default). The alternative is runtime discovery over esbuild-transpiled \`.mjs\` copies of the same tool files: \`readdir\`, then \`import()\` of every file (all started at once, then awaited — the fastest form of discovery), with \`@toolreg/core\` loaded from \`node_modules\`. Each measurement is a fresh \`node bench/lib/coldstart-child.mjs\` process; "ready" is measured inside it with \`performance.now()\` from just before the first import until \`registry.getAllToolNames()\` holds every tool; the whole process wall time (spawn to exit, Node start-up included) is reported too. Bundle and discovery alternate; speed-ups are paired (discovery ÷ bundle).`

export const targets = [{ id: 'coldstart', label: 'cold start, bundle vs discovery', unit: '× faster', op: '>=', target: 5, versus: 'readdir + import() each file' }]

export async function measure(ctx) {
  const rows = []
  for (const size of ctx.sizes) {
    const project = await ctx.project(size)
    const reps = ctx.reps(size, { 100: 15, 1000: 11, 5000: 5 })
    ctx.log(`coldstart: ${size} files, ${reps} repetitions (building the SSR bundle first)`)
    await runNodeJson(VITE_BUILD, [project, 'ssr', ...ctx.pluginArgs])
    const bundle = join(project, 'dist-ssr', 'ssr-entry.js')
    const tools = join(project, 'tools-js')
    const b = { ready: [], wall: [] }
    const d = { ready: [], wall: [] }
    // One discarded run of each warms the OS file cache.
    await runNodeJson(CHILD, ['bundle', bundle, String(size)])
    await runNodeJson(CHILD, ['discover', tools, String(size)])
    for (let rep = 0; rep < reps; rep++) {
      const rb = await runNodeJson(CHILD, ['bundle', bundle, String(size)])
      const rd = await runNodeJson(CHILD, ['discover', tools, String(size)])
      b.ready.push(rb.result.readyMs)
      b.wall.push(rb.wallMs)
      d.ready.push(rd.result.readyMs)
      d.wall.push(rd.wallMs)
    }
    ctx.log(`  bundle ready ${summarize(b.ready).median.toFixed(1)} ms, discovery ready ${summarize(d.ready).median.toFixed(1)} ms`)
    rows.push({
      size,
      reps,
      bundleReadyMs: roundSummary(summarize(b.ready)),
      discoverReadyMs: roundSummary(summarize(d.ready)),
      bundleWallMs: roundSummary(summarize(b.wall)),
      discoverWallMs: roundSummary(summarize(d.wall)),
      readySpeedup: roundSummary(summarize(pairedRatios(d.ready, b.ready))),
      wallSpeedup: roundSummary(summarize(pairedRatios(d.wall, b.wall))),
    })
  }
  const at = ctx.targetRow(rows)
  return {
    rows,
    checks: [
      ctx.check('coldstart', at.readySpeedup, {
        size: at.size,
        detail: `ready in ${at.bundleReadyMs.median} ms vs ${at.discoverReadyMs.median} ms; whole process ${at.bundleWallMs.median} ms vs ${at.discoverWallMs.median} ms (${at.wallSpeedup.median}×)`,
      }),
    ],
  }
}

export function table(result) {
  return {
    head: ['files', 'reps', 'bundle ready ms', 'discovery ready ms', 'speed-up (ready)', 'bundle process ms', 'discovery process ms', 'speed-up (process)'],
    body: result.rows.map((r) => [r.size, r.reps, spread(r.bundleReadyMs), spread(r.discoverReadyMs), ratio(r.readySpeedup), spread(r.bundleWallMs), spread(r.discoverWallMs), ratio(r.wallSpeedup)]),
  }
}
