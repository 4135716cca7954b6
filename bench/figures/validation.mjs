// Figure: what argument validation adds to a dispatch (zod 4; the @toolreg/core/validate
// JSON Schema validator), and the size of a bundle that imports @toolreg/core/validate.
import { fileURLToPath } from 'node:url'
import { bytes, spread } from '../lib/format.mjs'
import { bundleSize } from '../lib/bundle-size.mjs'
import { runNodeJson } from '../lib/proc.mjs'
import { roundSummary, summarize } from '../lib/stats.mjs'

const CHILD = fileURLToPath(new URL('../lib/validation-child.mjs', import.meta.url))

export const id = 'validation'
export const title = 'argument validation cost and the validator bundle'
export const method = `One fresh \`node bench/lib/validation-child.mjs\` process per repetition, on the built \`dist\`, silent logger. One tool with a 4-property schema (\`city\` string minLength 1, \`days\` integer 1–14, \`units\` enum, \`hourly\` boolean; two required) registered three ways: JSON Schema with no validator (baseline), the same JSON Schema with \`configure({ validator })\` from \`@toolreg/core/validate\`, and the equivalent zod 4 object. Batches of 10 000 sequential \`await registry.dispatch('forecast', validArgs)\` rotate through the three after 3 warm-up rounds; the added cost of a round = its per-call time minus the baseline's in the same round; the figure is the median (p25–p75) over all rounds. Size: esbuild bundles (\`bundle, minify, esm, browser\`, gzip level 9) of \`registry\` alone and of \`registry\` + \`configure({ validator })\`.`

export const targets = [
  { id: 'validation-zod', label: 'dispatch with zod 4 validation, 4 properties, added per call', unit: 'µs', op: '<=', target: 5, versus: 'no validation' },
  { id: 'validation-json', label: 'dispatch with @toolreg/core/validate, 4 properties, added per call', unit: 'µs', op: '<=', target: 5, versus: 'no validation' },
]

export async function measure(ctx) {
  const reps = ctx.quick ? 1 : 3
  const batches = ctx.quick ? 3 : 15
  const project = await ctx.project(ctx.sizes[0])
  const all = { none: [], json: [], zod: [] }
  for (let rep = 0; rep < reps; rep++) {
    const { result } = await runNodeJson(CHILD, [project, String(batches)])
    for (const key of Object.keys(all)) all[key].push(...result.ns[key])
    ctx.log(`  rep ${rep + 1}: none ${summarize(result.ns.none).median.toFixed(0)} ns, json ${summarize(result.ns.json).median.toFixed(0)} ns, zod ${summarize(result.ns.zod).median.toFixed(0)} ns`)
  }
  const added = (key) => roundSummary(summarize(all[key].map((ns, i) => (ns - all.none[i]) / 1000)))
  const registryOnly = await bundleSize(project, `import { registry } from '@toolreg/core'\nglobalThis.r = registry\n`)
  const withValidator = await bundleSize(
    project,
    `import { registry } from '@toolreg/core'\nimport { validator } from '@toolreg/core/validate'\nregistry.configure({ validator })\nglobalThis.r = registry\n`,
  )
  const row = {
    reps,
    batches,
    noneNs: roundSummary(summarize(all.none)),
    jsonNs: roundSummary(summarize(all.json)),
    zodNs: roundSummary(summarize(all.zod)),
    jsonAddedUs: added('json'),
    zodAddedUs: added('zod'),
    registryOnly,
    withValidator,
  }
  return {
    rows: [row],
    checks: [
      ctx.check('validation-zod', row.zodAddedUs, { detail: `${row.zodNs.median} ns/call vs ${row.noneNs.median} ns/call without validation` }),
      ctx.check('validation-json', row.jsonAddedUs, {
        detail: `${row.jsonNs.median} ns/call vs ${row.noneNs.median}; a bundle with the validator: ${withValidator.gzip} B min+gzip (registry alone ${registryOnly.gzip} B)`,
      }),
    ],
  }
}

export function table(result) {
  const r = result.rows[0]
  return {
    head: ['measure', 'median (p25–p75)'],
    body: [
      ['dispatch, no validation, ns per call', spread(r.noneNs)],
      ['dispatch, @toolreg/core/validate, ns per call', spread(r.jsonNs)],
      ['dispatch, zod 4, ns per call', spread(r.zodNs)],
      ['added by @toolreg/core/validate, µs per call', spread(r.jsonAddedUs)],
      ['added by zod 4, µs per call', spread(r.zodAddedUs)],
      ['bundle: registry only, min / min+gzip', `${bytes(r.registryOnly.minified)} / ${bytes(r.registryOnly.gzip)} (${r.registryOnly.gzip} B)`],
      ['bundle: registry + @toolreg/core/validate, min / min+gzip', `${bytes(r.withValidator.minified)} / ${bytes(r.withValidator.gzip)} (${r.withValidator.gzip} B)`],
    ],
  }
}
