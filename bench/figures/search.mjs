// Figure 7: searchTools over a generated 5000-tool catalogue: latency and top-5 hit rate on the
// labelled queries of bench/search-queries.json.
import { fileURLToPath } from 'node:url'
import { spread } from '../lib/format.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { round, roundSummary, summarize } from '../lib/stats.mjs'

const CHILD = fileURLToPath(new URL('../lib/search-child.mjs', import.meta.url))

export const id = 'search'
export const title = 'tool search at 5000 tools'
export const method = `One fresh \`node bench/lib/search-child.mjs\` process per repetition, on \`@toolreg/core\`'s built \`dist\`: registers the 5000 tools of \`bench/lib/catalogue.mjs\` (services × resources × actions, named like \`stripe_create_refund\`, with API-style descriptions and JSON Schema parameters), builds the search index (first \`rankTools\` call, timed apart), then runs every labelled query of \`bench/search-queries.json\` through \`searchTools(registry, query, { limit: 5 })\` in rounds; latency = the time of one \`searchTools\` call (ranking + definitions), median over all calls after the first round. Hit = one of the query's wanted tools among the 5 definitions returned. The \`heldOut\` queries (written after the synonym and phrase tables were frozen) are reported apart, without a target. Ranking: BM25 (k1 1.2, b 0.75) over name ×3, toolset ×1, description ×1, parameter names ×1.5, parameter descriptions ×0.5; words split at _ - . and camelCase, stop words dropped, light suffix stemming, a synonym table and a few phrasal verbs folded onto one term; a tool whose name says delete scores ×0.9 unless the query asks to delete.`

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
      ['labelled queries, wanted tool in top 5', `${r.hits}/${r.queries}`],
      ['held-out queries, wanted tool in top 5', `${r.heldOutHits}/${r.heldOutQueries}`],
      ...r.misses.map((m) => ['miss', miss(m)]),
      ...r.heldOutMisses.map((m) => ['held-out miss', miss(m)]),
    ],
  }
}
