// One search measurement: builds a registry of the 5000-tool catalogue from @toolreg/core's
// dist, then runs the labelled queries (bench/search-queries.json) through searchTools.
// Prints one JSON line: index build time, per-query times over the rounds, hits and misses.
import * as core from '@toolreg/core'
import { catalogueRegistry, evaluate, HELD_OUT } from './search-eval.mjs'

const rounds = Number(process.argv[2] ?? 5)
const t0 = performance.now()
const registry = catalogueRegistry(core)
const registerMs = performance.now() - t0
const t1 = performance.now()
core.rankTools(registry, 'index')
const indexMs = performance.now() - t1
const times = []
let last
for (let i = 0; i < rounds; i++) {
  last = await evaluate(core, registry)
  // The first round includes the JIT warming up: kept out of the latency sample.
  if (i > 0 || rounds == 1) times.push(...last.times)
}
const held = await evaluate(core, registry, { queries: HELD_OUT })
console.log(
  JSON.stringify({
    tools: registry.getAllToolNames().length,
    registerMs,
    indexMs,
    times,
    labelled: { total: last.total, hits: last.hits, misses: last.misses },
    heldOut: { total: held.total, hits: held.hits, misses: held.misses },
  }),
)
