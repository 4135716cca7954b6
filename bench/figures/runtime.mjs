// Figure 5: dispatch overhead over calling the handler directly; getToolDefinitions memo hit.
import { fileURLToPath } from 'node:url'
import { spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { roundSummary, summarize } from '../lib/stats.mjs'

const CHILD = fileURLToPath(new URL('../lib/runtime-child.mjs', import.meta.url))
const TOOLS = 1000

export const id = 'runtime'
export const title = 'dispatch overhead and getToolDefinitions memo'
export const method = `One fresh \`node bench/lib/runtime-child.mjs\` process per repetition, on \`@toolreg/core\`'s built \`dist\` with a silent logger. Dispatch: batches of 20 000 sequential \`await registry.dispatch('echo', { q: 'x' })\` alternate with batches of 20 000 \`await handler(args, ctx)\` (the very handler, called directly and awaited like dispatch awaits it), after 3 warm-up batch pairs; the overhead of a batch pair is the difference of their per-call times, and the figure is the median (p25–p75) over all pairs. \`getToolDefinitions()\` with ${TOOLS} tools and no check functions: memo hit = the mean of 50 back-to-back calls at one generation (median over batches); memo miss = one call right after a re-registration bumped the generation, for comparison.`

export const targets = [
  { id: 'dispatch', label: 'dispatch overhead per call', unit: 'µs', op: '<=', target: 1, versus: 'awaiting the handler directly' },
  { id: 'definitions', label: `getToolDefinitions memo hit, ${TOOLS} tools`, unit: 'µs', op: '<=', target: 5, versus: 'memo miss', sizeBound: false },
]

export async function measure(ctx) {
  const reps = ctx.quick ? 1 : 3
  const batches = ctx.quick ? 3 : 15
  const project = await ctx.project(ctx.sizes[0])
  const all = { dispatchNs: [], directNs: [], overheadNs: [], hitUs: [], missUs: [] }
  for (let rep = 0; rep < reps; rep++) {
    const { result } = await runNodeJson(CHILD, [project, String(batches), String(TOOLS)])
    for (const key of Object.keys(all)) all[key].push(...result[key])
    ctx.log(`  rep ${rep + 1}: dispatch ${summarize(result.dispatchNs).median.toFixed(0)} ns, direct ${summarize(result.directNs).median.toFixed(0)} ns, defs hit ${summarize(result.hitUs).median.toFixed(1)} µs`)
  }
  const overheadUs = roundSummary(summarize(all.overheadNs.map((ns) => ns / 1000)))
  const row = {
    reps,
    batches,
    dispatchNs: roundSummary(summarize(all.dispatchNs)),
    directNs: roundSummary(summarize(all.directNs)),
    overheadUs,
    definitionsHitUs: roundSummary(summarize(all.hitUs)),
    definitionsMissUs: roundSummary(summarize(all.missUs)),
  }
  return {
    rows: [row],
    checks: [
      ctx.check('dispatch', overheadUs, { detail: `dispatch ${row.dispatchNs.median} ns/call vs direct ${row.directNs.median} ns/call` }),
      ctx.check('definitions', row.definitionsHitUs, { detail: `memo miss ${row.definitionsMissUs.median} µs` }),
    ],
  }
}

export function table(result) {
  const r = result.rows[0]
  return {
    head: ['measure', 'median (p25–p75)'],
    body: [
      ['dispatch, ns per call', spread(r.dispatchNs)],
      ['handler called directly, ns per call', spread(r.directNs)],
      ['dispatch overhead, µs per call', spread(r.overheadUs)],
      [`getToolDefinitions memo hit (${TOOLS} tools), µs`, spread(r.definitionsHitUs)],
      [`getToolDefinitions memo miss (${TOOLS} tools), µs`, spread(r.definitionsMissUs)],
    ],
  }
}
