// The lazy figure in workerd: `node lazy-workerd.mjs <eagerDir> <lazyDir> <reps> <tool> <argsJson> [flag,…]`.
// The compatibility flags (e.g. new_module_registry) apply to all three Workers.
// workerd compiles and evaluates the Worker's modules before it listens, so "registry ready"
// is the time from spawning workerd to its listen event, minus the same for an empty Worker
// (workerd's own start-up). Each Worker's directory (its modules and config.capnp) is written
// once, before any timing, and `workerd compile`d once into a binary holding the config and
// every module, as a deployment is made once and started many times: `compiledMs` times that
// binary, `listenMs` `workerd serve config.capnp` (which parses the text config and reads
// every module file first, ~10 ns per byte here). Then the first request that dispatches
// <tool> is timed from outside (workerd freezes clocks inside a request). Eager, lazy and
// empty alternate. Prints one JSON line.
import { readdir, rm, writeFile, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compileWorkerd, prepareWorkerd, serveWorkerd } from '../../scripts/lib/workerd.mjs'

const [eagerDir, lazyDir, repsArg, tool, argsJson, flagsArg = ''] = process.argv.slice(2)
const compatibilityFlags = flagsArg.split(',').filter(Boolean)
const reps = Number(repsArg)
const emptyDir = await mkdtemp(join(tmpdir(), 'toolreg-empty-worker-'))
await writeFile(join(emptyDir, 'worker.js'), 'export default { async fetch() { return new Response("{}") } }\n')

/** The Worker of build directory `dir`, written and compiled once. */
async function prepare(dir) {
  const chunks = (await readdir(dir, { recursive: true }))
    .filter(f => f.endsWith('.js') && f !== 'worker.js')
    .map(f => f.split('\\').join('/'))
  const prepared = await prepareWorkerd({ bundle: join(dir, 'worker.js'), chunks, compatibilityFlags })
  return { dir: prepared, binary: await compileWorkerd(prepared) }
}

async function time(worker, binary) {
  const t0 = performance.now()
  const server = await serveWorkerd(worker.dir, { binary })
  const ms = performance.now() - t0
  try {
    const url = `${server.url}/?call=${encodeURIComponent(tool)}&args=${encodeURIComponent(argsJson)}`
    const t1 = performance.now()
    const text = await (await fetch(url)).text()
    const firstMs = performance.now() - t1
    const t2 = performance.now()
    await (await fetch(url)).text()
    return { ms, firstMs, secondMs: performance.now() - t2, result: text.slice(0, 80) }
  } finally {
    await server.stop()
  }
}

async function run(worker) {
  const compiled = await time(worker, worker.binary)
  const text = await time(worker)
  return {
    compiledMs: compiled.ms,
    listenMs: text.ms,
    firstMs: compiled.firstMs,
    secondMs: compiled.secondMs,
    result: compiled.result,
  }
}

const workers = { eager: await prepare(eagerDir), lazy: await prepare(lazyDir), empty: await prepare(emptyDir) }
const out = { eager: [], lazy: [], empty: [] }
try {
  await run(workers.empty)
  for (let i = 0; i < reps; i++) {
    const order = i % 2 ? ['lazy', 'eager', 'empty'] : ['empty', 'eager', 'lazy']
    for (const which of order) out[which].push(await run(workers[which]))
  }
} finally {
  await rm(emptyDir, { recursive: true, force: true })
  for (const w of Object.values(workers)) await rm(w.dir, { recursive: true, force: true })
}
console.log(JSON.stringify(out))
