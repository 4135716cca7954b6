// One first search in a fresh process: registers the 5000-tool catalogue, then times the first
// `searchTools` call, which builds the index: from the build's prebuilt index (`prebuilt`: the
// JSON text a lazy build writes, handed over through `registerSearchIndex`) or by tokenizing
// every tool (`runtime`). Prints one JSON line: the time and the top 5 found.
//   node search-first-child.mjs <prebuilt|runtime> <index.json>
import { readFileSync } from 'node:fs'
import * as core from '@toolreg/core'
import { catalogueRegistry, QUERIES } from './search-eval.mjs'

const [mode, indexFile] = process.argv.slice(2)
// Read before timing: in an app the chunk is fetched; its parse is timed (core parses the text).
const text = readFileSync(indexFile, 'utf8')
const registry = catalogueRegistry(core)
const debug = []
registry.configure({ logger: { ...registry.logger, debug: line => void debug.push(line) } })
if (mode === 'prebuilt') core.registerSearchIndex(registry, async () => ({ default: text }))
const t0 = performance.now()
const found = await core.searchTools(registry, QUERIES[0].query, { limit: 5 })
const firstMs = performance.now() - t0
console.log(JSON.stringify({ firstMs, top: found.map(d => d.function.name), debug }))
