// Child process: registry micro-benchmarks.
//   node bench/lib/runtime-child.mjs <project> <batches> <tools>
// 1. dispatch overhead: batches of `await registry.dispatch(name, args)` alternating with
//    batches of `await handler(args, ctx)` (the same handler called directly); per-call ns.
// 2. getToolDefinitions over <tools> tools without check functions: memo hit (repeat calls
//    at one generation) and memo miss (a re-registration bumps the generation before each call).
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { importFrom } from './resolve.mjs'
import { median } from './stats.mjs'

const [projectArg, batchesArg, toolsArg] = process.argv.slice(2)
const batches = Number(batchesArg)
const toolCount = Number(toolsArg)
const { ToolRegistry } = await importFrom(resolve(projectArg), '@toolreg/core')
const silent = { debug() {}, info() {}, warn() {}, error() {} }

// --- dispatch -------------------------------------------------------------
const CALLS = 20_000
const handler = args => `ok:${args.q}`
const reg = new ToolRegistry({ logger: silent })
reg.register({
  name: 'echo',
  toolset: 'bench',
  schema: { name: 'echo', description: 'echo', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
  handler,
})
const args = { q: 'x' }
const ctx = {}

async function dispatchBatch() {
  const t0 = performance.now()
  for (let i = 0; i < CALLS; i++) await reg.dispatch('echo', args)
  return ((performance.now() - t0) * 1e6) / CALLS
}
async function directBatch() {
  const t0 = performance.now()
  for (let i = 0; i < CALLS; i++) await handler(args, ctx)
  return ((performance.now() - t0) * 1e6) / CALLS
}
if ((await reg.dispatch('echo', args)) !== 'ok:x') throw new Error('dispatch returned an unexpected result')
// Warm-up: let the JIT settle before timing.
for (let i = 0; i < 3; i++) await dispatchBatch(), await directBatch()
const dispatchNs = []
const directNs = []
for (let b = 0; b < batches; b++) {
  dispatchNs.push(await dispatchBatch())
  directNs.push(await directBatch())
}

// --- getToolDefinitions memo ----------------------------------------------
const defs = new ToolRegistry({ logger: silent })
const specs = []
for (let i = 0; i < toolCount; i++) {
  const name = `tool_${String(i).padStart(5, '0')}`
  specs.push({
    name,
    toolset: `set_${i % 8}`,
    schema: {
      name,
      description: `Tool number ${i}, for the definitions benchmark.`,
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
        required: ['query'],
      },
    },
    handler,
  })
}
for (const spec of specs) defs.register(spec)
const first = await defs.getToolDefinitions()
if (first.length !== toolCount)
  throw new Error(`getToolDefinitions returned ${first.length} definitions, expected ${toolCount}`)
const HIT_CALLS = 50
const hitUs = []
for (let b = 0; b < batches + 3; b++) {
  const t0 = performance.now()
  for (let i = 0; i < HIT_CALLS; i++) await defs.getToolDefinitions()
  if (b >= 3) hitUs.push(((performance.now() - t0) * 1e3) / HIT_CALLS)
}
const missUs = []
for (let b = 0; b < batches + 3; b++) {
  defs.register(specs[b % specs.length]) // same toolset: replaced in place, generation + 1
  const t0 = performance.now()
  await defs.getToolDefinitions()
  if (b >= 3) missUs.push((performance.now() - t0) * 1e3)
}

const out = {
  callsPerBatch: CALLS,
  dispatchNs,
  directNs,
  overheadNs: dispatchNs.map((d, i) => d - directNs[i]),
  hitUs,
  missUs,
  dispatchMedianNs: median(dispatchNs),
}
process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0))
