// Figure 8: lazy tools (`lazy: true`) vs the same app built eagerly, at 5000 catalogue tools:
// initial JS, registry ready in Chromium and in workerd, first dispatch of a lazy tool.
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureLazyProject } from '../lib/lazy-project.mjs'
import { bytes, ratio, spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { pairedRatios, round, roundSummary, summarize } from '../lib/stats.mjs'

const BUILD = fileURLToPath(new URL('../lib/lazy-build.mjs', import.meta.url))
const CHROMIUM = fileURLToPath(new URL('../lib/lazy-chromium.mjs', import.meta.url))
const WORKERD = fileURLToPath(new URL('../lib/lazy-workerd.mjs', import.meta.url))
const TOOLS = 5000
const TOOL = ['weather_current', '{"location":"Oslo"}']

export const id = 'lazy'
export const title = 'lazy tools at 5000 tools'
export const method = `An app of the first N tools of \`bench/lib/catalogue.mjs\` (N = ${TOOLS}; one file per tool: a static JSON Schema and a ~30-line handler making an authenticated API call with retries and result shaping — \`bench/lib/lazy-project.mjs\`), built with Vite 8 twice from the same files: eagerly and with \`lazy: true\`. Browser: \`vite build\` with defaults (minified, \`base: './'\`). Initial JS = the JS files Chromium fetched until the entry module ran, raw bytes (gzip shown too; the generated handlers are near-identical, so gzip flatters the eager build). Registry ready (Chromium) = \`performance.now()\` when the entry module's body runs (after the virtual module registered every tool), each page in a fresh browser context with \`no-store\`, eager and lazy alternating, speed-up paired (eager ÷ lazy). First dispatch = \`registry.dispatch('${TOOL[0]}', …)\` timed in the page right after ready; the figure is the lazy page's minus the eager page's, paired (the handler answers at once: no token). Then, in the same page, \`preloadLazy(registry, ['weather_forecast'])\` (what \`find_tools\` does for the tools it found) is awaited and that tool's first dispatch timed: the search-then-call flow. workerd: the eager Worker as one module (\`codeSplitting: false\`, its fastest start); the lazy Worker code-split with the tool modules in ~100 groups (Rolldown \`codeSplitting.groups\` by the first two letters of the file name: workerd pays ~70 µs per module its config lists, 0.35 s for 5000) — every Worker run with the compatibility flag \`new_module_registry\`, under which workerd compiles a module on its first import (its default registry compiles every listed module at start-up: the same builds without the flag are in the table). workerd evaluates the Worker before it listens, so ready = spawn → listen minus the same for an empty Worker, paired (eager ÷ lazy). Each Worker is written to its directory and \`workerd compile\`d once before any timing (\`scripts/lib/workerd.mjs\`: the config and every module in one binary, as a deployment is made once and started many times); the figure times that binary. \`workerd serve config.capnp\` of the same directory is in the table too: it parses the text config and reads every listed module's file at each start (~10 ns per byte here, whether the module is ever imported or not), a cost of this way of running workerd, not of the Worker.`

export const targets = [
  { id: 'lazy-initial-js', label: 'initial JS, lazy vs eager build (raw bytes)', unit: '%', op: '<=', target: 25, versus: 'eager build', sizeBound: false },
  { id: 'lazy-ready-chromium', label: 'registry ready in Chromium, eager ÷ lazy', unit: '× faster', op: '>=', target: 5, versus: 'eager build', sizeBound: false },
  { id: 'lazy-ready-workerd', label: 'registry ready in workerd, eager ÷ lazy', unit: '× faster', op: '>=', target: 5, versus: 'eager build', sizeBound: false },
  { id: 'lazy-first-dispatch', label: 'first dispatch of a lazy tool over an eager one (Chromium)', unit: 'ms', op: '<=', target: 5, versus: 'eager build', sizeBound: false },
]

const one = (n) => ({ n: 1, median: n, p25: n, p75: n, min: n, max: n })

export async function measure(ctx) {
  const tools = ctx.quick ? 50 : TOOLS
  const reps = ctx.quick ? 1 : 7
  const project = await ensureLazyProject(join(ctx.workDir, `lazy-${tools}`), tools)
  const builds = {}
  for (const [target, mode] of [['browser', 'eager'], ['browser', 'lazy'], ['worker1', 'eager'], ['workerg', 'lazy']]) {
    ctx.log(`lazy: building ${target} ${mode} (${tools} tools)`)
    builds[`${target}-${mode}`] = (await runNodeJson(BUILD, [project, mode, target, ...ctx.pluginArgs])).result
  }
  ctx.log(`lazy: Chromium, ${reps} repetitions`)
  const chromium = (await runNodeJson(CHROMIUM, [builds['browser-eager'].outDir, builds['browser-lazy'].outDir, String(reps), ...TOOL])).result
  ctx.log(`lazy: workerd, ${reps} repetitions`)
  const workerd = (await runNodeJson(WORKERD, [builds['worker1-eager'].outDir, builds['workerg-lazy'].outDir, String(reps), ...TOOL, 'new_module_registry'])).result
  ctx.log(`lazy: workerd without new_module_registry, ${reps} repetitions`)
  const workerdLegacy = (await runNodeJson(WORKERD, [builds['worker1-eager'].outDir, builds['workerg-lazy'].outDir, String(reps), ...TOOL])).result

  const pick = (list, key) => list.map((r) => r[key])
  const initial = { eager: chromium.eager[0], lazy: chromium.lazy[0] }
  const initialPct = round((100 * initial.lazy.bytes) / initial.eager.bytes, 3)
  const initialGzipPct = round((100 * initial.lazy.gzip) / initial.eager.gzip, 3)
  const readySpeedup = roundSummary(summarize(pairedRatios(pick(chromium.eager, 'ready'), pick(chromium.lazy, 'ready'))))
  const work = (list) => list.map((r) => Math.max(r.ready - r.scriptsEnd, 0.1))
  const workSpeedup = roundSummary(summarize(pairedRatios(work(chromium.eager), work(chromium.lazy))))
  const preloadedOver = roundSummary(summarize(chromium.lazy.map((l, i) => l.callMs - chromium.eager[i].callMs)))
  const firstOver = roundSummary(summarize(chromium.lazy.map((l, i) => l.firstMs - chromium.eager[i].firstMs)))
  // Spawn → listen minus the empty Worker's, paired. A difference of two timings: under load it can come out at or below zero; 0.1 ms keeps the ratio finite.
  const speedup = (runs, key) => {
    const base = pick(runs.empty, key)
    const net = (list) => list.map((r, i) => Math.max(r[key] - base[i], 0.1))
    return roundSummary(summarize(pairedRatios(net(runs.eager), net(runs.lazy))))
  }
  const workerdSpeedup = speedup(workerd, 'compiledMs')
  const workerdTextSpeedup = speedup(workerd, 'listenMs')
  const workerdLegacySpeedup = speedup(workerdLegacy, 'compiledMs')
  const row = {
    tools,
    reps,
    buildMs: Object.fromEntries(Object.entries(builds).map(([k, b]) => [k, Math.round(b.buildMs)])),
    initialBytes: { eager: initial.eager.bytes, lazy: initial.lazy.bytes },
    initialGzip: { eager: initial.eager.gzip, lazy: initial.lazy.gzip },
    initialPct,
    initialGzipPct,
    chromiumReadyMs: { eager: roundSummary(summarize(pick(chromium.eager, 'ready'))), lazy: roundSummary(summarize(pick(chromium.lazy, 'ready'))) },
    readySpeedup,
    chromiumWorkMs: { eager: roundSummary(summarize(work(chromium.eager))), lazy: roundSummary(summarize(work(chromium.lazy))) },
    workSpeedup,
    firstMs: { eager: roundSummary(summarize(pick(chromium.eager, 'firstMs'))), lazy: roundSummary(summarize(pick(chromium.lazy, 'firstMs'))) },
    firstOverMs: firstOver,
    preloadMs: { eager: roundSummary(summarize(pick(chromium.eager, 'preloadMs'))), lazy: roundSummary(summarize(pick(chromium.lazy, 'preloadMs'))) },
    afterPreloadMs: { eager: roundSummary(summarize(pick(chromium.eager, 'callMs'))), lazy: roundSummary(summarize(pick(chromium.lazy, 'callMs'))) },
    afterPreloadOverMs: preloadedOver,
    workerdCompiledMs: Object.fromEntries(Object.entries(workerd).map(([k, v]) => [k, roundSummary(summarize(pick(v, 'compiledMs')))])),
    workerdListenMs: Object.fromEntries(Object.entries(workerd).map(([k, v]) => [k, roundSummary(summarize(pick(v, 'listenMs')))])),
    workerdTextSpeedup,
    workerdFirstMs: Object.fromEntries(Object.entries(workerd).map(([k, v]) => [k, roundSummary(summarize(pick(v, 'firstMs')))])),
    workerdSpeedup,
    workerdLegacyListenMs: Object.fromEntries(Object.entries(workerdLegacy).map(([k, v]) => [k, roundSummary(summarize(pick(v, 'compiledMs')))])),
    workerdLegacySpeedup,
    loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  }
  ctx.log(`  initial ${initialPct}% (gzip ${initialGzipPct}%), Chromium ready ×${readySpeedup.median}, first dispatch +${firstOver.median} ms, workerd ready ×${workerdSpeedup.median}`)
  return {
    rows: [row],
    checks: [
      ctx.check('lazy-initial-js', one(initialPct), { detail: `${bytes(initial.lazy.bytes)} vs ${bytes(initial.eager.bytes)}; gzip ${bytes(initial.lazy.gzip)} vs ${bytes(initial.eager.gzip)} (${initialGzipPct}%)` }),
      ctx.check('lazy-ready-chromium', readySpeedup, { detail: `ready at ${row.chromiumReadyMs.lazy.median} ms vs ${row.chromiumReadyMs.eager.median} ms` }),
      ctx.check('lazy-ready-workerd', workerdSpeedup, { detail: `compiled Worker, spawn → listen ${row.workerdCompiledMs.lazy.median} ms vs ${row.workerdCompiledMs.eager.median} ms, empty Worker ${row.workerdCompiledMs.empty.median} ms; from the text config ${ratio(workerdTextSpeedup)}` }),
      ctx.check('lazy-first-dispatch', firstOver, { detail: `first dispatch ${row.firstMs.lazy.median} ms (lazy) vs ${row.firstMs.eager.median} ms (eager)` }),
    ],
  }
}

export function table(result) {
  const r = result.rows[0]
  return {
    head: ['measure', 'eager', 'lazy', 'lazy vs eager'],
    body: [
      ['initial JS, raw', bytes(r.initialBytes.eager), bytes(r.initialBytes.lazy), `${r.initialPct}%`],
      ['initial JS, gzip', bytes(r.initialGzip.eager), bytes(r.initialGzip.lazy), `${r.initialGzipPct}%`],
      ['registry ready in Chromium, ms', spread(r.chromiumReadyMs.eager), spread(r.chromiumReadyMs.lazy), ratio(r.readySpeedup)],
      ...(r.workSpeedup ? [['Chromium, ready − arrival of the last start-up JS file, ms', spread(r.chromiumWorkMs.eager), spread(r.chromiumWorkMs.lazy), ratio(r.workSpeedup)]] : []),
      ['first dispatch in Chromium, ms', spread(r.firstMs.eager), spread(r.firstMs.lazy), `+${spread(r.firstOverMs)} ms`],
      ...(r.afterPreloadOverMs ? [
        ['preloadLazy of another tool (the find_tools → call flow), ms', spread(r.preloadMs.eager), spread(r.preloadMs.lazy), ''],
        ['its first dispatch after the preload, ms', spread(r.afterPreloadMs.eager), spread(r.afterPreloadMs.lazy), `+${spread(r.afterPreloadOverMs)} ms`],
      ] : []),
      ...(r.workerdCompiledMs ? [['workerd, compiled Worker, spawn → listen, ms (empty Worker: ' + r.workerdCompiledMs.empty.median + ')', spread(r.workerdCompiledMs.eager), spread(r.workerdCompiledMs.lazy), ratio(r.workerdSpeedup)]] : []),
      ['workerd serve config.capnp, spawn → listen, ms (empty Worker: ' + r.workerdListenMs.empty.median + ')', spread(r.workerdListenMs.eager), spread(r.workerdListenMs.lazy), ratio(r.workerdTextSpeedup ?? r.workerdSpeedup)],
      ['workerd first request, ms', spread(r.workerdFirstMs.eager), spread(r.workerdFirstMs.lazy), ''],
      ...(r.workerdLegacySpeedup ? [['workerd without new_module_registry, compiled, spawn → listen, ms (empty: ' + r.workerdLegacyListenMs.empty.median + ')', spread(r.workerdLegacyListenMs.eager), spread(r.workerdLegacyListenMs.lazy), ratio(r.workerdLegacySpeedup)]] : []),
      ['vite build, ms (browser / worker)', `${r.buildMs['browser-eager']} / ${r.buildMs['worker1-eager']}`, `${r.buildMs['browser-lazy']} / ${r.buildMs['workerg-lazy'] ?? r.buildMs['worker1-lazy']}`, ''],
    ],
  }
}
