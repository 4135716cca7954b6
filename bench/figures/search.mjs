// Figure 7: searchTools over a generated 5000-tool catalogue: latency and top-5 hit rate on the
// labelled queries of bench/search-queries.json.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as core from '@toolreg/core'
import { catalogue } from '../lib/catalogue.mjs'
import { ratio, spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { pairedRatios, round, roundSummary, summarize } from '../lib/stats.mjs'

const CHILD = fileURLToPath(new URL('../lib/search-child.mjs', import.meta.url))
const FIRST_CHILD = fileURLToPath(new URL('../lib/search-first-child.mjs', import.meta.url))

export const id = 'search'
export const title = 'tool search at 5000 tools'
export const method = `One fresh \`node bench/lib/search-child.mjs\` process per repetition, on \`@toolreg/core\`'s built \`dist\`: registers the 5000 tools of \`bench/lib/catalogue.mjs\` (services × resources × actions, named like \`stripe_create_refund\`, with API-style descriptions and JSON Schema parameters), builds the search index (first \`rankTools\` call, timed apart), then runs every labelled query of \`bench/search-queries.json\` through \`searchTools(registry, query, { limit: 5 })\` in rounds; latency = the time of one \`searchTools\` call (ranking + definitions), median over all calls after the first round. Hit = one of the query's wanted tools among the 5 definitions returned. The \`heldOut\` queries (written after the synonym and phrase tables were frozen) are reported apart, without a target. Ranking: BM25 (k1 1.2, b 0.75) over name ×3, toolset ×1, description ×1, parameter names ×1.5, parameter descriptions ×0.5; words split at _ - . and camelCase, stop words dropped, light suffix stemming, a synonym table and a few phrasal verbs folded onto one term; a tool whose name says delete scores ×0.9 unless the query asks to delete. First search, prebuilt index vs built at run time: the index a lazy build writes (\`prebuildSearchIndex\` over the catalogue's static definitions, as the plugin does) is handed to a fresh registry of the catalogue through \`registerSearchIndex\`; one fresh \`node bench/lib/search-first-child.mjs\` process per measurement times its first \`searchTools\` call (index load from the JSON text already read, signatures, index build, ranking, definitions), against the same call without the prebuilt index (every tool tokenized); the two alternate, the ratio is paired (run time ÷ prebuilt), and both must return the same top 5.`

export const targets = [
  { id: 'search-p50', label: 'searchTools p50 latency, 5000 tools', unit: 'ms', op: '<=', target: 1, versus: 'none', sizeBound: false },
  { id: 'search-top5', label: 'labelled queries with the wanted tool in the top 5', unit: '%', op: '>=', target: 90, versus: 'none', sizeBound: false },
]

export async function measure(ctx) {
  const reps = ctx.quick ? 1 : 3
  const rounds = ctx.quick ? 2 : 10
  const times = []
  const index = []
  let last
  for (let rep = 0; rep < reps; rep++) {
    const { result } = await runNodeJson(CHILD, [String(rounds)])
    times.push(...result.times)
    index.push(result.indexMs)
    last = result
    ctx.log(`  rep ${rep + 1}: p50 ${summarize(result.times).median.toFixed(3)} ms, top-5 ${result.labelled.hits}/${result.labelled.total}, held-out ${result.heldOut.hits}/${result.heldOut.total}, index ${result.indexMs.toFixed(0)} ms`)
  }
  const first = await firstSearch(ctx)
  const latency = roundSummary(summarize(times))
  const rate = (r) => round((100 * r.hits) / r.total, 3)
  const one = (n) => ({ n: 1, median: n, p25: n, p75: n, min: n, max: n })
  const row = {
    tools: last.tools,
    queries: last.labelled.total,
    hits: last.labelled.hits,
    heldOutQueries: last.heldOut.total,
    heldOutHits: last.heldOut.hits,
    latencyMs: latency,
    indexMs: roundSummary(summarize(index)),
    misses: last.labelled.misses,
    heldOutMisses: last.heldOut.misses,
    first,
  }
  return {
    rows: [row],
    checks: [
      ctx.check('search-p50', latency, { detail: `p95 ${latency.p95} ms; index built in ${row.indexMs.median} ms on first search` }),
      ctx.check('search-top5', one(rate(last.labelled)), { detail: `${row.hits}/${row.queries}; held-out ${row.heldOutHits}/${row.heldOutQueries} (${rate(last.heldOut)}%)` }),
    ],
  }
}

export function table(result) {
  const r = result.rows[0]
  const miss = (m) => `"${m.query}" → wanted ${m.want.join(' / ')} (rank ${m.rank ?? 'none'}), got ${m.top.slice(0, 3).join(', ')}`
  return {
    head: ['measure', 'value'],
    body: [
      ['tools', String(r.tools)],
      ['searchTools latency, ms', spread(r.latencyMs)],
      ['index build on first search, ms', spread(r.indexMs)],
      ...(r.first
        ? [
            [`first searchTools, prebuilt index, ms (${r.first.pairs} pairs, cold processes)`, spread(r.first.prebuiltMs)],
            ['first searchTools, index built at run time, ms', spread(r.first.runtimeMs)],
            ['first search speed-up, prebuilt vs run time (paired)', ratio(r.first.speedup)],
          ]
        : []),
      ['labelled queries, wanted tool in top 5', `${r.hits}/${r.queries}`],
      ['held-out queries, wanted tool in top 5', `${r.heldOutHits}/${r.heldOutQueries}`],
      ...r.misses.map((m) => ['miss', miss(m)]),
      ...r.heldOutMisses.map((m) => ['held-out miss', miss(m)]),
    ],
  }
}

/** The first search in cold processes, with the build's prebuilt index and without, alternating. */
async function firstSearch(ctx) {
  const pairs = ctx.quick ? 1 : 15
  const dir = join(ctx.workDir, 'search')
  await mkdir(dir, { recursive: true })
  const file = join(dir, 'index.json')
  await writeFile(file, core.prebuildSearchIndex(catalogue().map((t) => ({ name: t.name, toolset: t.toolset, schema: { description: t.description, parameters: t.parameters } }))))
  const a = []
  const b = []
  for (let i = 0; i < pairs; i++) {
    const pre = (await runNodeJson(FIRST_CHILD, ['prebuilt', file])).result
    const run = (await runNodeJson(FIRST_CHILD, ['runtime', file])).result
    if (pre.top.join() !== run.top.join()) throw new Error(`first search: prebuilt found ${pre.top} but run time ${run.top}`)
    if (!pre.debug.some((l) => l.includes(' 5000 of 5000 '))) throw new Error(`first search: the prebuilt index was not used: ${pre.debug}`)
    a.push(pre.firstMs)
    b.push(run.firstMs)
  }
  const out = { pairs, prebuiltMs: roundSummary(summarize(a)), runtimeMs: roundSummary(summarize(b)), speedup: roundSummary(summarize(pairedRatios(b, a))) }
  ctx.log(`  first search: prebuilt ${out.prebuiltMs.median} ms, run time ${out.runtimeMs.median} ms, ${out.speedup.median}× (${pairs} pairs)`)
  return out
}
