#!/usr/bin/env node
// `npm start`: build examples/edge-agent with the toolreg Vite plugin, run the
// BUILT bundle in workerd on a free loopback port, and hold one conversation
// with it — printing the tool list, every tool call with its result, and the
// answer. Offline and keyless by default (the scripted model); with
// OPENAI_API_KEY (and optional OPENAI_BASE_URL, OPENAI_MODEL) the worker uses
// that OpenAI-compatible endpoint instead.
import { readFile } from 'node:fs/promises'
import { register } from 'node:module'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { buildEdgeAgent, EDGE_MODULES } from './lib/edge-build.mjs'
import { startWorkerd } from './lib/workerd.mjs'

const QUESTION =
  'Calculate 2*(3+4) and convert 26.2 mi to km; count the words in "Tools register at build time. The bundle ships ready."; ' +
  'remember city=Lisbon; recall city; how many days between 2026-01-01 and 2026-12-25? ' +
  'Then run code `const [a, b] = await Promise.all([tools.math.calculate({ expression: "6*7" }), ' +
  'tools.text.text_stats({ text: "one two three" })]); return { answer: a.result, words: b.words }`'

// Worker vars: an in-isolate map backs the kv tools. FETCH_ALLOWED_ORIGINS is left
// unset, so fetch_json (requiresEnv) is withheld: the run needs no network.
const bindings = { TOOL_STORE: 'memory' }
for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) {
  if (process.env[name]) bindings[name] = process.env[name]
}

const bundle = await buildEdgeAgent()
const code = await readFile(bundle)
console.log(
  `Built ${relative(bundle)}: ${kb(code.length)} (${kb(gzipSync(code).length)} gzip), one ES module` +
    ` (code mode's ${EDGE_MODULES.join(', ')} beside it, loaded on the first request).\n`,
)

const { send, stop, runtime } = await serve(bundle)
try {
  console.log(`Running the bundle in ${runtime}.\n`)
  const tools = await send('GET', '/tools')
  console.log(`Tools (${tools.length}):`)
  for (const tool of tools) console.log(`  ${tool.function.name.padEnd(14)} ${tool.function.description ?? ''}`)
  const withheld = await withheldTools(tools)
  if (withheld.length) console.log(`  (withheld under this env by checkFn/requiresEnv: ${withheld.join(', ')})`)

  console.log(`\nUser: ${QUESTION}\n`)
  const transcript = await send('POST', '/chat', { messages: [{ role: 'user', content: QUESTION }] })
  console.log(`Model: ${transcript.model}`)
  for (const call of transcript.toolCalls) {
    console.log(`  → ${call.name}(${JSON.stringify(call.arguments)})`)
    console.log(`  ← ${call.result}`)
  }
  console.log(`\nAssistant (${transcript.steps} steps, stopped by ${transcript.stoppedBy}):`)
  console.log(indent(transcript.answer ?? '(no answer within the step limit)'))
} finally {
  await stop()
}

/** workerd when it starts; otherwise the bundle's own `fetch`, imported into Node. */
async function serve(bundlePath) {
  try {
    const server = await startWorkerd({
      bundle: bundlePath,
      chunks: EDGE_MODULES,
      bindings,
      allowLocalNetwork: Boolean(bindings.OPENAI_BASE_URL),
    })
    const send = async (method, path, body) => readReply(await fetch(server.url + path, request(method, body)))
    return { send, stop: server.stop, runtime: `workerd on ${server.url}` }
  } catch (error) {
    console.log(`workerd could not start (${firstLine(error)}); falling back to importing the bundle into Node.`)
    register('./lib/wasm-module-hooks.mjs', import.meta.url) // quickjs.wasm, as workerd loads it
    const worker = (await import(pathToFileURL(bundlePath).href)).default
    const send = async (method, path, body) =>
      readReply(await worker.fetch(new Request(`http://localhost${path}`, request(method, body)), { ...bindings }))
    return { send, stop: async () => {}, runtime: 'Node (fallback: the same bundle, its fetch called directly)' }
  }
}

/** Tools the build registered (its manifest) that the worker does not offer under this env. */
async function withheldTools(offered) {
  try {
    const manifest = JSON.parse(await readFile(new URL('tool-manifest.json', pathToFileURL(bundle)), 'utf8'))
    const names = new Set(offered.map(tool => tool.function.name))
    return manifest.tools.map(tool => tool.name).filter(name => name && !names.has(name))
  } catch {
    return []
  }
}

function request(method, body) {
  return body === undefined
    ? { method }
    : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
}

async function readReply(response) {
  const text = await response.text()
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`)
  return JSON.parse(text)
}

function relative(path) {
  return path.startsWith(process.cwd()) ? path.slice(process.cwd().length + 1) : path
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`
}

function indent(text) {
  return text.replace(/^/gm, '  ')
}

function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split('\n')[0]
}
