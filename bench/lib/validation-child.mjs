// Child process: what argument validation adds to a dispatch.
//   node bench/lib/validation-child.mjs <project> <batches>
// Three registries with one 4-property tool each, the same handler: JSON Schema without a
// validator (the baseline), the same JSON Schema with @toolreg/core/validate configured, and
// a zod 4 schema of the same shape. Batches of sequential dispatches of valid arguments
// rotate through the three; per-call ns per batch.
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { importFrom } from './resolve.mjs'

const [projectArg, batchesArg] = process.argv.slice(2)
const project = resolve(projectArg)
const batches = Number(batchesArg)
const { ToolRegistry } = await importFrom(project, '@toolreg/core')
const { validator } = await importFrom(project, '@toolreg/core/validate')
const { z } = await importFrom(project, 'zod')
const silent = { debug() {}, info() {}, warn() {}, error() {} }

const CALLS = 10_000
const PARAMS = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    units: { type: 'string', enum: ['metric', 'imperial'] },
    hourly: { type: 'boolean' },
  },
  required: ['city', 'days'],
}
const ZOD = z.object({
  city: z.string().min(1),
  days: z.number().int().min(1).max(14),
  units: z.enum(['metric', 'imperial']).optional(),
  hourly: z.boolean().optional(),
})
const handler = a => `${a.city}:${a.days}`
const args = { city: 'Oslo', days: 3, units: 'metric', hourly: false }

const make = (parameters, options = {}) => {
  const r = new ToolRegistry({ logger: silent, ...options })
  r.register({ name: 'forecast', toolset: 'bench', schema: { description: 'Forecast', parameters }, handler })
  return r
}
const variants = { none: make(PARAMS), json: make(PARAMS, { validator }), zod: make(ZOD) }
for (const [name, r] of Object.entries(variants)) {
  if ((await r.dispatch('forecast', args)) !== 'Oslo:3') throw new Error(`${name}: unexpected result`)
  if (
    name !== 'none' &&
    !String(await r.dispatch('forecast', { city: 'Oslo', days: 'x' })).startsWith('{"error":"Invalid arguments')
  ) {
    throw new Error(`${name}: bad arguments were not refused`)
  }
}

async function batch(r) {
  const t0 = performance.now()
  for (let i = 0; i < CALLS; i++) await r.dispatch('forecast', args)
  return ((performance.now() - t0) * 1e6) / CALLS
}
for (let i = 0; i < 3; i++) for (const r of Object.values(variants)) await batch(r)
const ns = { none: [], json: [], zod: [] }
for (let b = 0; b < batches; b++) {
  // The order rotates so that no variant always runs right after another.
  const order = Object.keys(variants)
  for (let k = 0; k < b % 3; k++) order.push(order.shift())
  const round = {}
  for (const name of order) round[name] = await batch(variants[name])
  for (const name of Object.keys(ns)) ns[name].push(round[name])
}
process.stdout.write(JSON.stringify({ ns }))
