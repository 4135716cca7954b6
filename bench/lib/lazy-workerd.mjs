// The lazy figure in workerd: `node lazy-workerd.mjs <eagerDir> <lazyDir> <reps> <tool> <argsJson> [flag,…]`.
// The compatibility flags (e.g. new_module_registry) apply to all three Workers.
// workerd compiles and evaluates the Worker's modules before it listens, so "registry ready"
// is the time from spawning workerd to its listen event, minus the same for an empty Worker
// (workerd's own start-up). Then the first request that dispatches <tool> is timed from
// outside (workerd freezes clocks inside a request). Eager, lazy and empty alternate.
// Prints one JSON line.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWorkerd } from '../../scripts/lib/workerd.mjs'

const [eagerDir, lazyDir, repsArg, tool, argsJson, flagsArg = ''] = process.argv.slice(2)
const compatibilityFlags = flagsArg.split(',').filter(Boolean)
const reps = Number(repsArg)
const emptyDir = await mkdtemp(join(tmpdir(), 'toolreg-empty-worker-'))
await writeFile(join(emptyDir, 'worker.js'), 'export default { async fetch() { return new Response("{}") } }\n')

async function run(dir) {
  const chunks = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js') && f !== 'worker.js').map((f) => f.split('\\').join('/'))
  const t0 = performance.now()
  const worker = await startWorkerd({ bundle: join(dir, 'worker.js'), chunks, compatibilityFlags })
  const listenMs = performance.now() - t0
  try {
    const t1 = performance.now()
    const text = await (await fetch(`${worker.url}/?call=${encodeURIComponent(tool)}&args=${encodeURIComponent(argsJson)}`)).text()
    const firstMs = performance.now() - t1
    const t2 = performance.now()
    await (await fetch(`${worker.url}/?call=${encodeURIComponent(tool)}&args=${encodeURIComponent(argsJson)}`)).text()
    const secondMs = performance.now() - t2
    return { listenMs, firstMs, secondMs, result: text.slice(0, 80) }
  } finally {
    await worker.stop()
  }
}

const out = { eager: [], lazy: [], empty: [] }
await run(emptyDir)
for (let i = 0; i < reps; i++) {
  const order = i % 2 ? ['lazy', 'eager', 'empty'] : ['empty', 'eager', 'lazy']
  for (const which of order) out[which].push(await run(which === 'eager' ? eagerDir : which === 'lazy' ? lazyDir : emptyDir))
}
await rm(emptyDir, { recursive: true, force: true })
console.log(JSON.stringify(out))
