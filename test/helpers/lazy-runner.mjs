// Runs a lazy build in a fresh Node process and reports which output files load when:
// at start-up, on two concurrent first calls of one tool, around a failed chunk load, and
// on the first search (the build's search index).
//   node lazy-runner.mjs <entry> <outDir> <chunk of beta.ts>
// ESM bundles are observed through module hooks (every loaded URL), CommonJS ones through require.cache.
import { renameSync } from 'node:fs'
import { createRequire, register } from 'node:module'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { MessageChannel } from 'node:worker_threads'

const [entry, outDir, betaChunk] = process.argv.slice(2)
const loadedUrls = []
const { port1, port2 } = new MessageChannel()
port1.on('message', url => loadedUrls.push(url))
port1.unref()
register(new URL('./lazy-hooks.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] })

const require = createRequire(import.meta.url)
const cjs = entry.endsWith('.cjs')
if (cjs) require(entry)
else await import(pathToFileURL(entry).href)

// Hook messages come from the hooks thread: give them a moment to arrive.
const settle = () => new Promise(r => setTimeout(r, 100))
const outputs = () => {
  const files = cjs
    ? Object.keys(require.cache)
    : loadedUrls.filter(u => u.startsWith('file:')).map(u => fileURLToPath(u))
  return [...new Set(files.filter(f => f.startsWith(outDir)).map(f => f.slice(outDir.length + 1)))].sort()
}
const { registry, toolNames, isLazyPending, searchTools } = globalThis.__toolreg
await settle()
const atStart = outputs()
const events = []
registry.subscribe(e => events.push(e.type + ':' + e.name))
const report = {
  atStart,
  names: registry.getAllToolNames(),
  toolNames: [...toolNames],
  pending: Object.fromEntries(registry.getAllToolNames().map(n => [n, isLazyPending(registry, n)])),
  definitions: (await registry.getToolDefinitions()).map(d => d.function),
}
const since = before => outputs().filter(f => !before.includes(f))

report.concurrent = await Promise.all([registry.dispatch('alpha', { x: 1 }), registry.dispatch('alpha', '{"x":2}')])
await settle()
report.alphaLoaded = since(atStart)
report.alphaEvents = events.splice(0)

const beforeBeta = outputs()
renameSync(betaChunk, betaChunk + '.away')
report.failed = await registry.dispatch('beta_one', {})
renameSync(betaChunk + '.away', betaChunk)
report.retried = await registry.dispatch('beta_one', {})
report.second = await registry.dispatch('beta_two', {})
await settle()
report.betaLoaded = since(beforeBeta)
report.betaEvents = events.splice(0)
report.eager = await registry.dispatch('eager_tool', {})

const beforeSearch = outputs()
const debug = []
registry.configure({ logger: { ...console, debug: text => void debug.push(String(text)) } })
report.search = (await searchTools(registry, 'echo back a number', { limit: 2 })).map(d => d.function.name)
await settle()
report.searchLoaded = since(beforeSearch)
report.searchDebug = debug
console.log('TOOLREG_LAZY ' + JSON.stringify(report))
