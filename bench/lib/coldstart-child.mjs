// Child process: import tools until the registry is ready, timed inside the process.
//   node bench/lib/coldstart-child.mjs bundle <built-ssr-bundle.js> <expectedTools>
//   node bench/lib/coldstart-child.mjs discover <dir-of-.mjs-tools> <expectedTools>
// `discover` is runtime discovery: readdir the tools dir and import() every file
// (all started at once, then awaited). Prints { mode, readyMs, tools }.
import { readdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { resolveFrom } from './resolve.mjs'

const [mode, target, expectedArg] = process.argv.slice(2)
const expected = Number(expectedArg)
// Resolved before the clock starts: the discovery script would hard-code this import.
const coreUrl = mode === 'discover' ? resolveFrom(dirname(resolve(target)), '@toolreg/core') : null

const t0 = performance.now()
let registry
if (mode === 'bundle') {
  ;({ registry } = await import(pathToFileURL(resolve(target)).href))
} else if (mode === 'discover') {
  ;({ registry } = await import(coreUrl))
  const dir = resolve(target)
  const files = (await readdir(dir)).filter(name => name.endsWith('.mjs')).sort()
  await Promise.all(files.map(name => import(pathToFileURL(join(dir, name)).href)))
} else {
  console.error('usage: coldstart-child.mjs <bundle|discover> <path> <expectedTools>')
  process.exit(2)
}
const tools = registry.getAllToolNames().length
const readyMs = performance.now() - t0
if (tools !== expected) {
  console.error(`registry has ${tools} tools, expected ${expected}`)
  process.exit(1)
}
process.stdout.write(`${JSON.stringify({ mode, readyMs, tools })}\n`)
