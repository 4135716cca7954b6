// The labelled query set against the generated catalogue: top-5 hits, misses and latency of
// `searchTools`. Shared by the bench figure (bench/figures/search.mjs) and the quality test.
import { readFileSync } from 'node:fs'
import { catalogue } from './catalogue.mjs'

const SETS = JSON.parse(readFileSync(new URL('../search-queries.json', import.meta.url), 'utf8'))
/** The labelled set the figure reports; `HELD_OUT` was written after the search's tables were frozen. */
export const QUERIES = SETS.queries
export const HELD_OUT = SETS.heldOut

/** A registry holding the catalogue (handlers answer with their name). */
export function catalogueRegistry(core) {
  const registry = new core.ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} } })
  for (const t of catalogue()) {
    registry.register({
      name: t.name,
      toolset: t.toolset,
      schema: { description: t.description, parameters: t.parameters },
      handler: () => t.name,
    })
  }
  return registry
}

/** Runs every query once through `searchTools` (limit 5); returns hits, misses with their top 5, and each query's time in ms. */
export async function evaluate(core, registry, { limit = 5, queries = QUERIES } = {}) {
  const misses = []
  const times = []
  let hits = 0
  for (const { query, want } of queries) {
    const t0 = performance.now()
    const defs = await core.searchTools(registry, query, { limit })
    times.push(performance.now() - t0)
    const top = defs.map(d => d.function.name)
    if (top.some(n => want.includes(n))) hits++
    else {
      const rank = core.rankTools(registry, query).findIndex(h => want.includes(h.name))
      misses.push({ query, want, top, rank: rank < 0 ? null : rank + 1 })
    }
  }
  return { total: queries.length, hits, rate: hits / queries.length, misses, times }
}
