// Runs a lazy build in a fresh Node process and reports what its searches find and which
// output files they load: `search-first` searches before the stale tool module loads,
// `load-first` loads it first (its live text then differs from the build's index).
//   node search-runner.mjs <entry> <outDir> <search-first|load-first>
import { register } from 'node:module'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { MessageChannel } from 'node:worker_threads'

const [entry, outDir, mode] = process.argv.slice(2)
const loadedUrls = []
const { port1, port2 } = new MessageChannel()
port1.on('message', url => loadedUrls.push(url))
port1.unref()
register(new URL('./lazy-hooks.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] })
await import(pathToFileURL(entry).href)

// Hook messages come from the hooks thread: give them a moment to arrive.
const settle = () => new Promise(r => setTimeout(r, 100))
const outputs = () => {
  const files = loadedUrls.filter(u => u.startsWith('file:')).map(u => fileURLToPath(u))
  return [...new Set(files.filter(f => f.startsWith(outDir)).map(f => f.slice(outDir.length + 1)))].sort()
}
const { registry, searchTools } = globalThis.__toolreg
const debug = []
const warnings = []
registry.configure({
  logger: { ...console, debug: text => void debug.push(String(text)), warn: text => void warnings.push(String(text)) },
})
const find = async query => (await searchTools(registry, query, { limit: 3 })).map(d => d.function.name)

await settle()
const report = { atStart: outputs(), mode }
if (mode === 'load-first') report.dispatched = await registry.dispatch('tide_tables', {})
await settle()
const before = outputs()
report.first = await find(mode === 'load-first' ? 'harbour water times' : 'city weather forecast')
await settle()
report.firstLoaded = outputs().filter(f => !before.includes(f))
if (mode === 'search-first') report.dispatched = await registry.dispatch('tide_tables', {})
report.live = await find('harbour water times')
report.stale = await find('city weather forecast')
report.refund = await find('give the customer their money back')
report.debug = debug
report.warnings = warnings
console.log('TOOLREG_SEARCH ' + JSON.stringify(report))
