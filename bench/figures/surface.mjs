// Figure 10: what the model is sent first. Tokens of the initial tool surface with every
// definition against a deferred one (the search tool alone), and recall of the index that
// answers the search on the labelled queries.
import * as core from '@toolreg/core'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { catalogue } from '../lib/catalogue.mjs'
import { catalogueRegistry, evaluate, HELD_OUT, QUERIES } from '../lib/search-eval.mjs'

export const id = 'surface'
export const title = 'tokens of the initial tool surface, with and without deferral'
export const method = `Tokens counted with \`gpt-tokenizer\`'s o200k_base encoding (GPT-4o and later; Anthropic and Google do not publish their tokenizers, so their counts differ by some percent) over the JSON text of what a request carries: the Chat Completions \`tools\` array (every definition) against \`createToolSurface(registry, { defer: true })\` (the search tool alone: Anthropic's request carries the deferred tools too, with \`defer_loading\`, which keeps them out of the prompt). Sizes: every (5000 ÷ N)-th tool of the 5000-tool catalogue of bench/lib/catalogue.mjs. Reference points, not measured here: Anthropic's hosted tool search tool (~500 tokens, its docs) and Cloudflare's two-tool code-mode surface (~1 000 tokens, its announcement). Recall@k: a labelled query (bench/search-queries.json) counts when one of its wanted tools is among the first k tools the deferred surface's search loads at 5000 tools (\`surface.search(query, k)\`), and the same through \`searchTools\`.`

export const targets = [
  { id: 'surface-deferred', label: 'initial surface with deferral, 5000 tools', unit: 'tokens', op: '<=', target: 500, versus: 'Anthropic tool search (~500)', sizeBound: false },
  { id: 'surface-recall5', label: 'labelled queries found by the deferred surface in 5', unit: '%', op: '>=', target: 90, versus: 'none', sizeBound: false },
]

const tokens = (value) => countTokens(JSON.stringify(value))
const one = (n) => ({ n: 1, median: n, p25: n, p75: n, min: n, max: n })

/** Every (5000 ÷ n)-th tool of the catalogue as a registry. */
function sample(n) {
  const all = catalogue()
  const step = Math.max(1, Math.floor(all.length / n))
  const registry = new core.ToolRegistry({ logger: { debug() {}, info() {}, warn() {}, error() {} } })
  for (const t of all.filter((_, i) => i % step === 0).slice(0, n))
    registry.register({ name: t.name, toolset: t.toolset, schema: { description: t.description, parameters: t.parameters }, handler: () => t.name })
  return registry
}

async function recall(k, queries) {
  const registry = catalogueRegistry(core)
  let hits = 0
  for (const { query, want } of queries) {
    const surface = core.createToolSurface(registry, { defer: true, maxLimit: k })
    if ((await surface.search(query, k)).some((d) => want.includes(d.function.name))) hits++
  }
  const direct = await evaluate(core, registry, { limit: k, queries })
  return { k, hits, total: queries.length, direct: direct.hits }
}

export async function measure(ctx) {
  const sizes = ctx.quick ? [10, 100] : [10, 100, 1000, 5000]
  const rows = []
  for (const n of sizes) {
    const registry = sample(n)
    const all = core.toOpenAITools(await registry.getToolDefinitions())
    const surface = core.createToolSurface(registry, { defer: true })
    const deferred = core.toOpenAITools(await surface.initial())
    const row = { size: n, tools: all.length, all: tokens(all), deferred: tokens(deferred), perTool: Math.round(tokens(all) / all.length) }
    rows.push(row)
    ctx.log(`  ${n} tools: all ${row.all} tokens, deferred ${row.deferred} tokens`)
  }
  const recalls = []
  for (const k of [3, 5]) recalls.push({ ...(await recall(k, QUERIES)), heldOut: await recall(k, HELD_OUT) })
  const last = rows[rows.length - 1]
  const r5 = recalls.find((r) => r.k === 5)
  return {
    rows,
    recalls,
    checks: [
      ctx.check('surface-deferred', one(last.deferred), { size: last.size, detail: `${last.all} tokens with every definition` }),
      ctx.check('surface-recall5', one(Math.round((1000 * r5.hits) / r5.total) / 10), { detail: `${r5.hits}/${r5.total}` }),
    ],
  }
}

export function table(result) {
  const pct = (a, b) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`
  return {
    head: ['tools', 'every definition, tokens', 'deferred surface, tokens', 'tokens per tool', 'saved'],
    body: [
      ...result.rows.map((r) => [String(r.tools), String(r.all), String(r.deferred), String(r.perTool), `${(100 * (1 - r.deferred / r.all)).toFixed(1)}%`]),
      ...result.recalls.flatMap((r) => [
        [`recall@${r.k}, labelled (surface / searchTools)`, pct(r.hits, r.total), pct(r.direct, r.total), '', ''],
        [`recall@${r.k}, held-out (surface / searchTools)`, pct(r.heldOut.hits, r.heldOut.total), pct(r.heldOut.direct, r.heldOut.total), '', ''],
      ]),
    ],
  }
}
