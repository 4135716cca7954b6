// Figure 3: dev server — a tool file written → the registry updated in the page (Chromium).
import { fileURLToPath } from 'node:url'
import { spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { roundSummary, summarize } from '../lib/stats.mjs'

const CHILD = fileURLToPath(new URL('../lib/dev-child.mjs', import.meta.url))

export const id = 'dev'
export const title = 'dev: file write → registry updated in the page'
export const optional = true
export const method = `A fresh \`node bench/lib/dev-child.mjs\` process starts a Vite dev server with the plugin on 127.0.0.1 (\`optimizeDeps.noDiscovery\`) and opens the generated page in Chromium (\`/usr/bin/chromium\` through playwright-core, \`--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run\`). The page subscribes to \`registry.subscribe\` and logs every \`register\` event with the tool's current description and \`performance.timeOrigin + performance.now()\`. Each iteration rewrites one tool file (a different tool each time) with a new description; the latency is the page's timestamp of that registration minus the Node timestamp (same epoch clock) taken just before \`writeFile\`. The first 3 edits are warm-up and discarded, then 40 are measured (10 when the warm-up already needed full page reloads, which take seconds each at 1000 tools); 150 ms pause between edits; the edited files are restored afterwards. Full page reloads (the page's boot id changed) are counted: the SPEC wants updates without one. The time until Node saw the update (through \`page.waitForFunction\`, polling every 5 ms) is kept as a cross-check.`

export const targets = [{ id: 'dev-p50', label: 'dev: file saved → registry updated (p50)', unit: 'ms', op: '<=', target: 15, versus: 'absolute target' }]

export async function measure(ctx) {
  const size = ctx.targetRow(ctx.sizes.map((n) => ({ size: n }))).size
  const project = await ctx.project(size)
  const iterations = ctx.quick ? 3 : 40
  const warmup = ctx.quick ? 1 : 3
  ctx.log(`dev: ${size} tools, ${iterations} edits (+${warmup} warm-up)`)
  const { result } = await runNodeJson(CHILD, [project, String(size), String(iterations), String(warmup), ...ctx.pluginArgs], { timeoutMs: 600_000 })
  if (result.error) {
    ctx.log(`  not measured: ${result.error}`)
    return { rows: [], checks: [ctx.notMeasured('dev-p50', result.error, { size })], error: result.error }
  }
  const latency = roundSummary(summarize(result.latenciesMs))
  const observed = roundSummary(summarize(result.observedMs))
  const row = { size, iterations: result.iterations, warmup, latencyMs: latency, observedMs: observed, reloads: result.reloads, pageLoadMs: Math.round(result.pageLoadMs), pageErrors: result.pageErrors }
  ctx.log(`  p50 ${latency.median} ms, p95 ${latency.p95} ms, reloads ${result.reloads}`)
  return {
    rows: [row],
    checks: [
      ctx.check('dev-p50', latency, {
        size,
        detail: `p95 ${latency.p95} ms; full reloads ${result.reloads}/${result.iterations + warmup}`,
        note: result.reloads ? 'updates arrived through full page reloads, not HMR' : undefined,
      }),
    ],
  }
}

export function table(result) {
  return {
    head: ['tools', 'edits', 'p50 ms', 'p95 ms', 'p25–p75 ms', 'min–max ms', 'seen by Node p50 ms', 'full reloads', 'initial page load ms'],
    body: result.rows.map((r) => [r.size, r.iterations, r.latencyMs.median, r.latencyMs.p95, `${r.latencyMs.p25}–${r.latencyMs.p75}`, `${r.latencyMs.min}–${r.latencyMs.max}`, r.observedMs.median, r.reloads, r.pageLoadMs]),
  }
}
