#!/usr/bin/env node
// Code mode (packages/core/README.md, "Code mode"): tokens of what the model reads with the
// `run_code` tool, with every definition, and with the deferred `find_tools` surface
// (README, "Deferred loading and tool search"), at 10/100/1000 tools; and what one code-mode
// call costs on the QuickJS executor against direct `dispatch`.
//
//   node bench/code-mode.mjs [--quick]     # after `npm run build`
//
// Prints markdown tables and writes bench/code-mode.json: the token rows, and the timings
// under this Node's major version (a run on another Node adds its own). --quick: a few
// samples, written nowhere.
import { readFile, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import * as core from '@toolreg/core'
import { createCodeMode, quickJsExecutor } from '@toolreg/core/code-mode'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { catalogueSample, noopRegistry } from './lib/code-mode-tools.mjs'
import { compare, oneTime, rounds, zip } from './lib/code-mode-timing.mjs'
import { QUERIES } from './lib/search-eval.mjs'
import { machine } from './lib/machine.mjs'
import { median } from './lib/stats.mjs'

const OUT = new URL('code-mode.json', import.meta.url)
const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false } } })
const quick = args.quick
const TIMING = quick ? { rounds: 3, batchMs: 5, warmMs: 50 } : { rounds: 41, batchMs: 25, warmMs: 500 }
const CALLS = [1, 10, 50]
const tokens = value => countTokens(typeof value === 'string' ? value : JSON.stringify(value))
const log = line => process.stderr.write(`${line}\n`)
// The token rows never run code: createCodeMode only keeps the executor.
const NOT_RUN = { run: async () => ({ ok: false, error: 'not run', console: '' }) }

/** Tokens of the `run_code` tool and of its declarations over `registry` (registers the tool), and ms to create it. */
async function codeModeTokens(registry, options = {}) {
  const times = []
  let mode
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    mode = await createCodeMode(registry, { executor: NOT_RUN, ...options })
    times.push(performance.now() - t0)
  }
  registry.register(mode.spec)
  const tool = tokens(core.toOpenAITools(await registry.getDefinitions(['run_code'])))
  return { tool, declarations: tokens(mode.declarations), ms: Math.round(median(times) * 100) / 100 }
}

/** `declare: 'search'`: tokens of the run_code tool, and of one `tools.$.search` answer (median over the queries). */
async function searchModeTokens(n) {
  const { registry } = catalogueSample(core, n)
  const tool = await codeModeTokens(registry, { declare: 'search' })
  const qjs = await import('quickjs-emscripten')
  const executor = quickJsExecutor(await qjs.newQuickJSWASMModule(qjs.RELEASE_SYNC))
  const mode = await createCodeMode(catalogueSample(core, n).registry, { executor, declare: 'search' })
  const answers = []
  for (const { query } of QUERIES.slice(0, 20))
    answers.push(tokens(await mode.run(`return await tools.$.search({ query: ${JSON.stringify(query)}, limit: 5 })`)))
  return { tool: tool.tool, answer: median(answers) }
}

async function tokenRow(n) {
  const { registry, withOutput } = catalogueSample(core, n)
  const defs = await registry.getToolDefinitions()
  const toolsets = new Set(defs.map(d => registry.getToolsetForTool(d.function.name))).size
  const surface = core.createToolSurface(registry, { defer: true })
  const search = tokens(core.toOpenAITools(await surface.initial()))
  // What a `find_tools` call answers (limit 5), over the first 20 labelled queries.
  const [answers, found] = [[], []]
  for (const { query } of QUERIES.slice(0, 20)) {
    const answer = await core.createToolSurface(registry, { defer: true }).call('find_tools', { query, limit: 5 })
    answers.push(tokens(answer))
    found.push(JSON.parse(answer).tools.length)
  }
  const all = tokens(core.toOpenAITools(defs))
  const mcp = tokens(core.toMcpTools(defs, { registry }))
  const code = await codeModeTokens(registry)
  const plain = await codeModeTokens(catalogueSample(core, n, { outputs: false }).registry)
  const searching = await searchModeTokens(n)
  return {
    tools: n,
    toolsets,
    withOutput,
    code,
    plain,
    searching,
    all,
    mcp,
    search,
    answer: median(answers),
    found: median(found),
  }
}

/** A code-mode registry over `noop` (plus `extra` tools in its API), and its run/dispatch operations. */
async function setup(executor, extra) {
  const registry = noopRegistry(core, extra)
  registry.register((await createCodeMode(registry, { executor })).spec)
  const code = async (source, want) => {
    const answer = await registry.dispatch('run_code', { code: source })
    if (JSON.parse(answer).result !== want) throw new Error(`run_code answered ${answer}`)
  }
  const direct = async n => {
    for (let i = 0; i < n; i++) if ((await registry.dispatch('noop', {})) !== 'ok') throw new Error('noop failed')
  }
  return { code, direct }
}

async function timing() {
  let qjs
  const imported = await oneTime(async () => (qjs = await import('quickjs-emscripten')), 0)
  let module
  const instantiate = await oneTime(async () => (module = await qjs.newQuickJSWASMModule(qjs.RELEASE_SYNC)), 20)
  const executor = quickJsExecutor(module)
  log('  module instantiated; timing runs')
  const small = await setup(executor, 0)
  const ops = { code0: () => small.code('return 1', 1), direct1: () => small.direct(1) }
  for (const n of CALLS) {
    const body = `for (let i = 0; i < ${n}; i++) await tools.bench.noop({})\nreturn ${n}`
    ops[`code${n}`] = () => small.code(body, n)
    ops[`direct${n}`] = () => small.direct(n)
  }
  const { samples: s, perBatch } = await rounds(ops, TIMING)
  const big = await setup(executor, 1000)
  const wide = await rounds({ code0: () => big.code('return 1', 1), direct1: () => big.direct(1) }, TIMING)
  return {
    rounds: TIMING.rounds,
    batchMs: TIMING.batchMs,
    perBatch,
    importMs: imported.first,
    instantiate,
    startup: [
      { api: 1, ...compare(s.code0, s.direct1) },
      { api: 1001, ...compare(wide.samples.code0, wide.samples.direct1) },
    ],
    calls: CALLS.map(n => ({
      n,
      perCall: compare(
        zip(s[`code${n}`], s.code0, (a, b) => (a - b) / n),
        s[`direct${n}`].map(x => x / n),
      ),
      perRun: compare(s[`code${n}`], s[`direct${n}`]),
    })),
  }
}

const environment = () => ({ ...machine(), node: process.version, v8: process.versions.v8 })

// Figures for the tables: µs, 3 significant digits; a spread is p25–p75.
const f = x => (x >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(3))))
const spread = s => `${f(s.median)} (${f(s.p25)}–${f(s.p75)})`
const ratio = s => `${f(s.median)}× (${f(s.p25)}–${f(s.p75)})`

function markdown(rows, t, runs) {
  const out = [
    'Tokens (o200k_base); code mode: the `run_code` definition (its declarations alone); createCodeMode in ms:',
    '',
    "| tools | toolsets | with outputSchema | (a) code mode | (a) code mode, no outputSchema | (a) code mode, `declare: 'search'` (one `$.search` answer, limit 5) | (b) every definition, Chat Completions | (b) every definition, MCP (with outputSchema) | (c) `find_tools` surface | one `find_tools` answer, limit 5 (tools found) | createCodeMode, ms |",
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      r =>
        `| ${r.tools} | ${r.toolsets} | ${r.withOutput} | ${r.code.tool} (${r.code.declarations}) | ${r.plain.tool} (${r.plain.declarations}) | ${r.searching ? `${r.searching.tool} (${r.searching.answer})` : '—'} | ${r.all} | ${r.mcp} | ${r.search} | ${r.answer} (${r.found}) | ${r.code.ms} |`,
    ),
  ]
  const e = t.environment
  out.push(
    '',
    `QuickJS executor, ${e.node} (V8 ${e.v8}), ${e.cores} × ${e.cpu}; ${t.rounds} rounds of ~${t.batchMs} ms batches; µs, median (p25–p75):`,
    '',
    '| measured | code mode | direct dispatch | code ÷ direct |',
    '|---|---|---|---|',
    ...t.startup.map(
      r =>
        `| one call: \`return 1\` (API of ${r.api} tool${r.api > 1 ? 's' : ''}) vs one \`dispatch\` of noop | ${spread(r.code)} | ${spread(r.direct)} | ${ratio(r.ratio)} |`,
    ),
    ...t.calls.map(
      c =>
        `| per tool call, N = ${c.n} (run minus \`return 1\`, ÷ N) | ${spread(c.perCall.code)} | ${spread(c.perCall.direct)} | ${ratio(c.perCall.ratio)} |`,
    ),
    ...t.calls.map(
      c =>
        `| whole run, N = ${c.n} | ${spread(c.perRun.code)} | ${spread(c.perRun.direct)} | ${ratio(c.perRun.ratio)} |`,
    ),
    `| \`newQuickJSWASMModule(RELEASE_SYNC)\`, ms: first in the process / ${t.instantiate.again.n} more | ${f(t.instantiate.first)} / ${spread(t.instantiate.again)} | — | — |`,
    `| \`import('quickjs-emscripten')\`, ms | ${f(t.importMs)} | — | — |`,
  )
  const others = Object.values(runs)
  if (others.length > 1)
    out.push(
      '',
      'By Node version (µs, median; ratio to direct dispatch in brackets):',
      '',
      '| Node | `return 1`, API of 1 tool | `return 1`, API of 1001 tools | per tool call, N = 10 | per tool call, N = 50 | module instantiation, ms (first / later) |',
      '|---|---|---|---|---|---|',
      ...others.map(r => {
        const [one, wide] = r.startup
        const at = n => r.calls.find(c => c.n === n).perCall
        const cell = c => `${f(c.code.median)} (${f(c.ratio.median)}×)`
        return `| ${r.environment.node} | ${cell(one)} | ${cell(wide)} | ${cell(at(10))} | ${cell(at(50))} | ${f(r.instantiate.first)} / ${f(r.instantiate.again.median)} |`
      }),
    )
  return out.join('\n')
}

// Timing first: it measures the first import of quickjs-emscripten, which the search-mode token rows also use.
const run = { environment: environment(), date: new Date().toISOString(), ...(await timing()) }
const rows = []
for (const n of [10, 100, 1000]) {
  rows.push(await tokenRow(n))
  log(`  tokens at ${n} tools measured`)
}
const key = `node${process.versions.node.split('.')[0]}`
const previous = quick ? {} : await readFile(OUT, 'utf8').then(JSON.parse, () => ({}))
const runs = { ...previous.timing, [key]: run }
console.log(markdown(rows, run, runs))
if (!quick) {
  const about =
    'bench/code-mode.mjs: tokens (o200k_base, gpt-tokenizer) of the code-mode tool, every definition and the find_tools surface; timings (µs) of run_code on the QuickJS executor against direct dispatch, per Node major.'
  await writeFile(
    OUT,
    `${JSON.stringify({ about, tokens: { encoding: 'o200k_base', rows }, timing: runs }, null, 2)}\n`,
  )
  log(`wrote ${OUT.pathname}`)
}
