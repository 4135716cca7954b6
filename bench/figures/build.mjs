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
export const title = 'vite build: plugin vs import.meta.glob, on tool files written the way people write them'
export const method = `The project is the varied corpus (\`bench/lib/corpus.mjs\`, fixed seed: names and schemas from consts, zod / valibot / arktype schemas, helpers imported from \`lib/tooling.js\`, \`as const\` / \`satisfies\`, JSDoc, non-ASCII text, one to three tools per file, one file in twelve with no tool); the glob side imports the same extensions the plugin includes. Each build is a fresh \`node bench/lib/vite-build.mjs <project> <mode>\` process calling Vite's programmatic \`build()\` (\`logLevel: 'silent'\`, \`configFile: false\`), of two kinds: a minified browser build of one entry, and the same entry as an unminified SSR bundle (\`--kind server\`: \`build.ssr\`, \`ssr.noExternal: true\`, one file, as a Worker or a serverless function is built). The time is taken inside the process, from just before \`import('vite')\` to the end of \`build()\` (so loading the plugin counts, Node start-up does not). Per repetition, in this order: glob build, plugin build with \`node_modules/.cache/toolreg\` deleted (cold), plugin build again (warm: the cache the cold build left), glob build again. Ratios are paired per repetition (plugin ÷ the mean of the two glob builds around it: the shared machine's speed drifts within seconds), then the median and p25–p75 of those ratios are reported, with the number of pairs (reps); the glob column summarizes both glob builds of every repetition. Peak RSS is each build process's own \`process.resourceUsage().maxRSS\` (getrusage: the largest resident set of the process, Rolldown's threads included), paired the same way; the RSS target is checked on the cold build (the larger of the two). One discarded glob build per size warms the OS file cache first: "cold" means the plugin's scan cache is empty, never that the files are off the OS page cache (they are not, for either side).`

export const targets = [
  { id: 'build-cold', label: 'vite build, cold scan cache', unit: '×', op: '<=', target: 1.1, versus: 'import.meta.glob build' },
  { id: 'build-warm', label: 'vite build, warm scan cache', unit: '×', op: '<=', target: 1.03, versus: 'import.meta.glob build' },
  { id: 'build-cold-5000', label: 'vite build, cold scan cache', unit: '×', op: '<=', target: 1.15, versus: 'import.meta.glob build', sizeBound: false },
  { id: 'build-warm-5000', label: 'vite build, warm scan cache', unit: '×', op: '<=', target: 1.05, versus: 'import.meta.glob build', sizeBound: false },
  { id: 'build-cold-server', label: 'vite build --ssr (unminified), cold scan cache', unit: '×', op: '<=', target: 1.1, versus: 'import.meta.glob build' },
  { id: 'build-warm-server', label: 'vite build --ssr (unminified), warm scan cache', unit: '×', op: '<=', target: 1.03, versus: 'import.meta.glob build' },
  { id: 'build-cold-server-5000', label: 'vite build --ssr (unminified), cold scan cache', unit: '×', op: '<=', target: 1.15, versus: 'import.meta.glob build', sizeBound: false },
  { id: 'build-warm-server-5000', label: 'vite build --ssr (unminified), warm scan cache', unit: '×', op: '<=', target: 1.05, versus: 'import.meta.glob build', sizeBound: false },
  { id: 'build-rss', label: 'vite build peak RSS (cold scan cache)', unit: '×', op: '<=', target: 1.05, versus: 'import.meta.glob build' },
  { id: 'build-rss-5000', label: 'vite build peak RSS (cold scan cache)', unit: '×', op: '<=', target: 1.05, versus: 'import.meta.glob build', sizeBound: false },
]

/** The two build kinds: a minified browser build and an unminified server (SSR) bundle. */
const KINDS = ['browser', 'server']

export async function measure(ctx) {
  const rows = []
  for (const size of ctx.sizes) {
    const project = await ctx.variedProject(size)
    for (const kind of KINDS) rows.push(await measureKind(ctx, project, size, kind))
  }
  const checks = []
  for (const kind of KINDS) {
    const mine = rows.filter(r => r.kind === kind)
    const at = ctx.targetRow(mine)
    // The 5000-file targets: the row nearest 5000 (a quick run measures one tiny size).
    const big = [...mine].sort((a, b) => Math.abs(a.size - 5000) - Math.abs(b.size - 5000))[0]
    const note = (row, size) => (row.size === size || size === 1000 ? {} : { note: `measured at ${row.size} files, the target is stated for ${size}` })
    const pairs = (r) => `${r.reps} pairs`
    const suffix = kind === 'server' ? '-server' : ''
    const timeChecks = (row, big5000, size) => [
      ctx.check(`build-cold${suffix}${big5000}`, row.coldRatio, { size: row.size, ...note(row, size), detail: `plugin ${row.pluginColdMs.median} ms vs glob ${row.globMs.median} ms, ${pairs(row)}` }),
      ctx.check(`build-warm${suffix}${big5000}`, row.warmRatio, { size: row.size, ...note(row, size), detail: `plugin ${row.pluginWarmMs.median} ms vs glob ${row.globMs.median} ms, ${pairs(row)}` }),
    ]
    checks.push(...timeChecks(at, '', 1000), ...timeChecks(big, '-5000', 5000))
    if (kind === 'browser') {
      const rssCheck = (row, big5000, size) =>
        ctx.check(`build-rss${big5000}`, row.coldRssRatio, { size: row.size, ...note(row, size), detail: `plugin ${row.coldRssMb.median} MB (warm ${row.warmRssMb.median} MB) vs glob ${row.globRssMb.median} MB, ${pairs(row)}` })
      checks.push(rssCheck(at, '', 1000), rssCheck(big, '-5000', 5000))
    }
  }
  return { rows, checks }
}

async function measureKind(ctx, project, size, kind) {
  const reps = ctx.reps(size, { 100: 9, 1000: 9, 5000: 5 })
  const build = (mode) => runNodeJson(VITE_BUILD, [project, mode, '--kind', kind, ...ctx.pluginArgs]).then((r) => r.result)
  ctx.log(`build: ${size} files, ${kind}, ${reps} repetitions`)
  if (!ctx.quick) await build('glob')
  const glob = []
  const globAround = []
  const cold = []
  const warm = []
  const rss = { glob: [], globAround: [], cold: [], warm: [] }
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
    rss.glob.push(before.maxRssKb / 1024, after.maxRssKb / 1024)
    rss.globAround.push((before.maxRssKb + after.maxRssKb) / 2048)
    rss.cold.push(c.maxRssKb / 1024)
    rss.warm.push(w.maxRssKb / 1024)
    ctx.log(`  rep ${rep + 1}: glob ${before.totalMs.toFixed(0)} ms, plugin cold ${c.totalMs.toFixed(0)} ms, warm ${w.totalMs.toFixed(0)} ms, glob ${after.totalMs.toFixed(0)} ms`)
  }
  return {
    size,
    kind,
    reps,
    globMs: roundSummary(summarize(glob)),
    pluginColdMs: roundSummary(summarize(cold)),
    pluginWarmMs: roundSummary(summarize(warm)),
    coldRatio: roundSummary(summarize(pairedRatios(cold, globAround))),
    warmRatio: roundSummary(summarize(pairedRatios(warm, globAround))),
    globRssMb: roundSummary(summarize(rss.glob)),
    coldRssMb: roundSummary(summarize(rss.cold)),
    warmRssMb: roundSummary(summarize(rss.warm)),
    coldRssRatio: roundSummary(summarize(pairedRatios(rss.cold, rss.globAround))),
    warmRssRatio: roundSummary(summarize(pairedRatios(rss.warm, rss.globAround))),
  }
}

export function table(result) {
  return {
    head: ['files', 'build', 'pairs', 'glob ms', 'plugin cold ms', 'plugin warm ms', 'cold ratio', 'warm ratio', 'glob RSS MB', 'cold RSS MB', 'warm RSS MB', 'cold RSS ratio', 'warm RSS ratio'],
    body: result.rows.map((r) => [
      r.size, r.kind, r.reps, spread(r.globMs), spread(r.pluginColdMs), spread(r.pluginWarmMs), ratio(r.coldRatio), ratio(r.warmRatio),
      spread(r.globRssMb), spread(r.coldRssMb), spread(r.warmRssMb), ratio(r.coldRssRatio), ratio(r.warmRssRatio),
    ]),
  }
}
