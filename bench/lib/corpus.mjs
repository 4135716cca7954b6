// A corpus of tool files written the way people write them, from a small grammar with a
// fixed seed (so it cannot be tuned to): names and toolsets inline or from top-level consts,
// schemas as JSON Schema consts or zod / valibot / arktype calls, helpers imported from
// another module, `as const` / `satisfies`, JSDoc, non-ASCII text and emoji, one to three
// tools per file, and files in tools/ that register nothing. The fast path's hit rate is
// measured on it (packages/plugin/test/fast-path-coverage.test.ts, the build figures).

/** mulberry32: a small seeded PRNG, the same sequence on every machine. */
function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = ['weather', 'search', 'invoice', 'calendar', 'ticket', 'stock', 'translate', 'summary', 'route', 'user']
const VERBS = ['get', 'list', 'create', 'update', 'find', 'send', 'check', 'fetch']
const TOOLSETS = ['web', 'billing', 'calendar', 'support', 'maps', 'crm']
const DESCRIPTIONS = [
  'Looks up the current weather for a city.',
  'Wetter für eine Stadt — mit Vorhersage 🌦️',
  'Crée une facture et l’envoie au client.',
  'Searches the knowledge base (returns up to 10 hits).',
  '検索結果を返します',
  'Sends a message to a Slack channel 💬',
  'Lists the "open" tickets, newest first.',
]
const EMOJI = ['🔧', '🌦️', '📅', '💳', '🔍', '✉️']

/** A file of the corpus: its path under the project and its text. */
function corpusFile(rnd, index) {
  const pick = list => list[Math.floor(rnd() * list.length)]
  const chance = p => rnd() < p
  const ts = chance(0.85)
  const ext = ts ? pick(['ts', 'ts', 'ts', 'mts', 'tsx']) : pick(['js', 'mjs'])
  const file = `tools/${pick(VERBS)}-${pick(WORDS)}-${index}.${ext}`
  // One in twelve files in tools/ is a helper or types module: no tool in it.
  if (chance(1 / 12)) return { file, code: helperModule(pick, ts), tools: 0 }
  const lib = pick(['zod', 'valibot', 'arktype', 'json', 'json', 'json'])
  const lines = ["import { registry } from '@toolreg/core'"]
  if (ts && chance(0.4)) lines.push("import type { ToolSpec } from '@toolreg/core'")
  if (lib === 'zod') lines.push("import { z } from 'zod'")
  if (lib === 'valibot') lines.push("import * as v from 'valibot'")
  if (lib === 'arktype') lines.push("import { type } from 'arktype'")
  const helpers = chance(0.35)
  if (helpers) lines.push("import { withRetry, paginationSchema } from '../lib/tooling.js'")
  lines.push('')
  const count = pick([1, 1, 1, 1, 2, 2, 3])
  for (let t = 0; t < count; t++) {
    const name = `${pick(VERBS)}_${pick(WORDS)}_${index}_${t}`
    const toolset = pick(TOOLSETS)
    const nameStyle = pick(['inline', 'inline', 'const', 'const', 'export', 'asConst'])
    let nameValue = `'${name}'`
    if (nameStyle !== 'inline') {
      const local = `TOOL_NAME_${t}`
      const asConst = nameStyle === 'asConst' && ts ? ' as const' : ''
      lines.push(`${nameStyle === 'export' ? 'export ' : ''}const ${local} = '${name}'${asConst}`)
      nameValue = local
    }
    const schemaName = `SCHEMA_${t}`
    const parameters = parametersOf(lib, pick, chance)
    if (lib === 'json' && chance(0.6)) {
      const tail = ts ? pick([' as const', '', ' satisfies Record<string, unknown>']) : ''
      lines.push(`const ${schemaName} = ${parameters}${tail}`)
    }
    const schemaValue = lib === 'json' && lines.at(-1)?.startsWith(`const ${schemaName}`) ? schemaName : parameters
    if (chance(0.7)) lines.push('/**', ` * ${pick(DESCRIPTIONS)}`, ' * @example { "city": "Zürich" }', ' */')
    const props = [`  name: ${nameValue},`, `  toolset: '${toolset}',`]
    if (chance(0.8)) props.push(`  description: ${JSON.stringify(pick(DESCRIPTIONS))},`)
    if (chance(0.3)) props.push(`  emoji: '${pick(EMOJI)}',`)
    props.push(`  schema: { parameters: ${helpers && chance(0.3) ? 'paginationSchema' : schemaValue} },`)
    if (chance(0.2)) props.push("  requiresEnv: ['API_KEY'],")
    props.push(`  ${handlerOf(pick, ts, helpers)},`)
    const end = ts && chance(0.25) ? pick([' satisfies ToolSpec', ' as ToolSpec']) : ''
    lines.push('registry.register({', ...props, `}${end})`, '')
  }
  return { file, code: lines.join('\n'), tools: count }
}

function parametersOf(lib, pick, chance) {
  const field = pick(['city', 'query', 'id', 'amount', 'date'])
  switch (lib) {
    case 'zod':
      return `z.object({ ${field}: z.string().describe('The ${field} — e.g. "Zürich"'), limit: z.number().int().min(1).max(50).default(10) })`
    case 'valibot':
      return `v.object({ ${field}: v.pipe(v.string(), v.minLength(1)), limit: v.optional(v.number(), 10) })`
    case 'arktype':
      return `type({ ${field}: 'string', 'limit?': 'number' })`
    default: {
      const enumPart = chance(0.3) ? `, unit: { type: 'string', enum: ['metric', 'imperial'] }` : ''
      return `{\n  type: 'object',\n  properties: { ${field}: { type: 'string', description: 'The ${field}' }${enumPart} },\n  required: ['${field}'],\n}`
    }
  }
}

function handlerOf(pick, ts, helpers) {
  const typed = ts ? ': { [key: string]: unknown }' : ''
  const bodies = [
    `handler: async (args${typed}) => {\n    const res = await fetch(\`https://api.example.com/v1?q=\${encodeURIComponent(String(args.query ?? ''))}\`)\n    if (!res.ok) throw new Error(\`HTTP \${res.status}\`)\n    return await res.text()\n  }`,
    `handler: (args${typed}) => JSON.stringify({ ok: true, echo: args }, null, 2)`,
    `async handler(args${typed}) {\n    try {\n      return String(args).replace(/\\s+/g, ' ').trim()\n    } catch (error) {\n      return \`failed: \${(error as Error).message}\`\n    }\n  }`.replace(
      ' as Error',
      ts ? ' as Error' : '',
    ),
    `handler: (args${typed}) => {\n    const total = [1, 2, 3].reduce((a, b) => a + b, 0) / 3\n    return \`≈ \${total.toFixed(2)} €\`\n  }`,
  ]
  if (helpers) bodies.push(`handler: withRetry(async (args${typed}) => String(args))`)
  return pick(bodies)
}

function helperModule(pick, ts) {
  return ts
    ? pick([
        "export interface Forecast { city: string; days: number }\nexport type Unit = 'metric' | 'imperial'\n",
        'export function formatDate(d: Date): string {\n  return d.toISOString().slice(0, 10)\n}\n',
        "// Shared by the calendar tools.\nexport const DEFAULT_TZ = 'Europe/Zurich'\nexport const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))\n",
      ])
    : 'export function formatDate(d) {\n  return d.toISOString().slice(0, 10)\n}\n'
}

/** `count` corpus files from `seed`. */
export function corpus(count, seed = 20261201) {
  const rnd = random(seed)
  return Array.from({ length: count }, (_, i) => corpusFile(rnd, i))
}
